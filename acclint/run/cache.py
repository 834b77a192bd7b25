"""The result cache: files that did not change are not analysed again.

A file's result is reused when three things are what they were: its bytes (SHA-256), the
settings and acclint itself (its version and the size and time of each of its own files, so an
edited checkout never serves stale results), and the *seeds* the rest of the project gives it
(acclint.analysis.project: which of its functions other modules trace). The seeds are what makes the
cache correct project-wide: editing `train.py` so that it jits a helper of `utils.py` changes
`utils.py`'s seeds, so `utils.py` is linted again although its bytes did not change.

Working out seeds parses every file that may hold a context, so the cache also keeps the seeds
of the last run, under a fingerprint of every project file's hash: a run where no file changed
reads the files, hashes them, and analyses nothing.

The cache is one JSON file per settings under `.acclint_cache/<version>/` (with a `.gitignore`
of `*`, as ruff's cache has), written atomically; a cache that cannot be read or written is
ignored, never an error. It holds no fix edits, so `--fix` and SARIF (which carry them) lint
afresh. `--no-cache` skips it; `cache-dir` moves it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import tempfile
from pathlib import Path

import acclint
from acclint.common.digests import digest
from acclint.common.findings import FileError, FileResult, Finding, Fix

FORMAT = 1  # bump when the layout of a cache file changes


def _acclint_build() -> tuple:
    """acclint's version and the size and modification time of the linter's and the rules'
    files (an edited checkout is another acclint)."""
    rules = importlib.util.find_spec("acclint.rules").submodule_search_locations  # found, not imported
    out = [acclint.__version__, FORMAT]
    for package in (os.path.dirname(acclint.__file__), *rules):
        for root, dirs, files in os.walk(package):
            dirs[:] = [d for d in dirs if d not in ("crosscheck", "__pycache__")]
            for name in sorted(files):
                if name.endswith((".py", ".toml")):
                    status = os.stat(os.path.join(root, name))
                    out.append((os.path.relpath(os.path.join(root, name), package), status.st_size, status.st_mtime_ns))
    return tuple(out)


class ResultCache:
    """One settings' cache file: per file its key and result, and the last run's seeds."""

    def __init__(self, file: Path) -> None:
        self.file = file
        try:
            data = json.loads(file.read_text("utf-8"))
        except (OSError, ValueError):
            data = {}
        self.entries: dict[str, dict] = data.get("files", {}) if isinstance(data, dict) else {}
        self.project: dict = data.get("project", {}) if isinstance(data, dict) else {}
        self.summaries: dict[str, dict] = data.get("summaries", {}) if isinstance(data, dict) else {}
        self.dirty = False

    @classmethod
    def for_settings(cls, settings) -> "ResultCache":
        key = digest((_acclint_build(), settings))
        return cls(settings.cache_directory() / acclint.__version__ / f"{key[:32]}.json")

    def seed_keys(self, fingerprint: str) -> dict[str, str] | None:
        """Each file's seeds key from the last run, if the project is as it was then."""
        if self.project.get("fingerprint") == fingerprint:
            return self.project.get("seeds")
        return None

    def summary(self, path: str, content: str) -> dict:
        """The project layer's facts of this version of `path` (acclint.analysis.project's
        `Summaries`): what the front end found, its index, and what it sends other files for
        each set of seeds it received. A new version of the file starts afresh."""
        key = os.path.abspath(path)
        entry = self.summaries.get(key)
        if entry is None or entry.get("content") != content:
            entry = self.summaries[key] = {"content": content}
        self.dirty = True
        return entry

    def get(self, path: str, key: str, shown: str) -> FileResult | None:
        entry = self.entries.get(os.path.abspath(path))
        if entry is None or entry.get("key") != key:
            return None
        result = FileResult(shown, parsed=entry.get("parsed", False))
        result.findings = [_finding(shown, row) for row in entry.get("findings", [])]
        if entry.get("error") is not None:
            result.error = FileError(shown, entry["error"])
        return result

    def put(self, path: str, key: str, result: FileResult) -> None:
        self.entries[os.path.abspath(path)] = {
            "key": key,
            "parsed": result.parsed,
            "error": result.error.message if result.error is not None else None,
            "findings": [_row(f) for f in result.findings],
        }
        self.dirty = True

    def save(self, fingerprint: str, seeds: dict[str, str]) -> None:
        """Write the cache atomically; a cache that cannot be written is skipped silently."""
        if not self.dirty and self.project.get("fingerprint") == fingerprint:
            return
        self.entries = {path: entry for path, entry in self.entries.items() if os.path.exists(path)}
        self.summaries = {path: _trimmed(entry) for path, entry in self.summaries.items() if os.path.exists(path)}
        data = {"files": self.entries, "project": {"fingerprint": fingerprint, "seeds": seeds}, "summaries": self.summaries}
        try:
            _prepare(self.file.parent.parent)
            self.file.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=self.file.parent, prefix=".cache-", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle)
            os.replace(temporary, self.file)
        except OSError:
            return


# What a file sends out is kept for this many sets of seeds received (the newest): enough for
# the edits that come and go in a session, bounded for a file whose callers keep changing.
KEPT_OUTGOING = 8


def _trimmed(summary: dict) -> dict:
    outgoing = summary.get("outgoing")
    if outgoing is not None and len(outgoing) > KEPT_OUTGOING:
        summary["outgoing"] = dict(list(outgoing.items())[-KEPT_OUTGOING:])
    return summary


def _prepare(directory: Path) -> None:
    """Create the cache directory with a `.gitignore` that keeps it out of version control."""
    directory.mkdir(parents=True, exist_ok=True)
    ignore = directory / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# Automatically created by acclint.\n*\n", "utf-8")


def _row(f: Finding) -> list:
    fix = [f.fix.title, f.fix.safe, f.fix.reason] if f.fix is not None else None
    return [f.line, f.column, f.end_line, f.end_column, f.code, f.message, f.cell, fix]


def _finding(shown: str, row: list) -> Finding:
    line, column, end_line, end_column, code, message, cell, fix = row
    # A cached fix has no edits: it tells the report that the finding is fixable (`--fix`
    # never uses the cache, so it is never applied).
    cached_fix = Fix(fix[0], {}, safe=fix[1], reason=fix[2]) if fix is not None else None
    return Finding(shown, line, column, code, message, end_line, end_column, fix=cached_fix, cell=cell)


def cached_run(work) -> list[FileResult]:
    """The results of `work` (an `acclint.api.Plan`), from the cache where the file, its
    seeds and the settings are unchanged, linted (and stored) otherwise."""
    from acclint.run.plan import display_path

    cache = ResultCache.for_settings(work.settings)
    hashes: dict[str, str | None] = {}
    for path in work.project_files:
        try:
            hashes[path] = hashlib.sha256(work.sources.raw(path)).hexdigest()
        except OSError:
            hashes[path] = None
    fingerprint = digest(sorted((os.path.abspath(p), h) for p, h in hashes.items()))
    seed_keys = cache.seed_keys(fingerprint)
    results = []
    for path in work.files:
        if hashes.get(path) is None:  # unreadable: lint it to say why, cache nothing
            results.append(work.lint(path))
            continue
        if seed_keys is None:
            work.summaries, work.digests = cache, hashes  # a changed project: what is known of each file serves
            _, seeds = work.project()
            seed_keys = {os.path.abspath(p): digest(s) for p, s in seeds.items()}
        key = hashes[path] + digest(seed_keys.get(os.path.abspath(path), ""))
        shown = display_path(path)
        result = cache.get(path, key, shown)
        if result is None:
            result = work.lint(path)
            cache.put(path, key, result)
        elif result.findings:
            _attach_source(result, work, path)
        results.append(result)
    cache.save(fingerprint, seed_keys or {})
    return results


def _attach_source(result: FileResult, work, path: str) -> None:
    """Give a cached result the source text its excerpts are cut from."""
    from acclint.files.decoding import decode

    source = work.sources.read(path)
    notebook = work.sources.notebooks.get(path)
    if notebook is not None:
        result.cells = notebook.cell_lines()
    else:
        result.text = decode(source)
