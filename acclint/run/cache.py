"""The result cache: files that did not change are not analysed again.

A file's result is reused when four things are what they were: its bytes (SHA-256), the
settings and acclint itself (its version and the size and time of each of its own files, so an
edited checkout never serves stale results), its dotted module name (which its messages spell),
and the *seeds* the rest of the project gives it (acclint.analysis.project: which of its
functions other modules trace). The seeds are what makes the
cache correct project-wide: editing `train.py` so that it jits a helper of `utils.py` changes
`utils.py`'s seeds, so `utils.py` is linted again although its bytes did not change.

Working out seeds parses every file that may hold a context, so the cache also keeps the seeds
of the last run, under a fingerprint of every project file's hash: a run where no file changed
reads the files, hashes them, and analyses nothing. With them it keeps each file's hash and the
reach's footprint (acclint.analysis.footprint): a run where the only change is files added that
take no part in the reach (they name no marker, import no library, and no other file's names
resolve to them) keeps every other file's seeds and lints the new files alone, without working
the project out at all. A run where some file changed otherwise replays the project's fixpoint
from the per-file summaries (acclint.run.summaries), analysing only the files the change
reaches; a file added that nothing imports is screened, and analysed if it names a marker, alone.

The cache is one JSON file per settings under `.acclint_cache/<version>/` (with a `.gitignore`
of `*`, as ruff's cache has), written atomically; a cache that cannot be read or written is
ignored, never an error.

A cache must never change what a run reports, whatever was put in its place (acclint.run.stored
says how it is read and written): the file names its schema, format and acclint's version and
carries a SHA-256 of its content, and is read only if it is a regular file of bounded size (never
a FIFO or a device). Each entry is checked for the shape this acclint writes before it is used
(acclint.run.results, acclint.run.summaries); anything else is ignored, linted afresh and
rewritten. It holds no fix edits, so `--fix` and SARIF (which carry them) lint
afresh. `--no-cache` skips it; `cache-dir` moves it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path
from typing import Callable

import acclint
from acclint.analysis.footprint import Footprint
from acclint.common.digests import digest
from acclint.common.findings import FileResult
from acclint.common.refused import Refused
from acclint.files.module_names import module_name
from acclint.run.results import is_result_data, result_from_data, result_to_data
from acclint.run.stored import load, store
from acclint.run.summaries import SummaryStore

FORMAT = 3  # bump when the layout of a cache file changes


def environment_stamp() -> list:
    """When each folder of the search path last changed (installing or upgrading a library
    changes its folder): a result cache keyed on it is not served after the libraries change."""
    stamp = []
    here = os.getcwd()
    for entry in sys.path:
        if not entry or entry == here:
            continue  # the working folder changes with every file written there (this cache's too)
        try:
            stamp.append([entry, os.stat(entry).st_mtime_ns])
        except OSError:
            stamp.append([entry, None])
    return stamp


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
        data = load(file, FORMAT) or {}  # a file that fails its checks is as good as none
        files = data.get("files") if isinstance(data.get("files"), dict) else {}
        self.entries: dict[str, dict] = {path: entry for path, entry in files.items() if isinstance(entry, dict)}
        self.project: dict = _project(data.get("project"))
        self.summaries = SummaryStore(data.get("summaries"))
        self.dirty = len(self.entries) != len(files)  # an entry was dropped: rewrite the file

    @classmethod
    def for_settings(cls, settings) -> "ResultCache":
        key = digest((_acclint_build(), settings))
        return cls(settings.cache_directory() / acclint.__version__ / f"{key[:32]}.json")

    def seed_keys(self, fingerprint: str) -> dict[str, str] | None:
        """Each file's seeds key from the last run, if the project is as it was then."""
        if self.project.get("fingerprint") == fingerprint:
            return self.project.get("seeds")
        return None

    def seed_keys_with_added(
        self, hashes: dict[str, str | None], environment: str, leaves_alone: Callable[[str, Footprint], bool],
    ) -> tuple[dict[str, str], list[str]] | None:
        """Each file's seeds key and the files added, when the project is the last run's with
        files added that `leaves_alone` (their path, the last run's footprint) says take no
        part in its reach: the last run's keys, and for each added file the key of a file that
        receives no seeds."""
        kept, footprint = self.project.get("hashes"), Footprint.from_data(self.project.get("footprint"))
        if kept is None or footprint is None or self.project.get("environment") != environment:
            return None
        current = {os.path.abspath(p): h for p, h in hashes.items()}
        if any(current.get(path) != digest for path, digest in kept.items()):
            return None  # a file changed or went
        added = [p for p in hashes if os.path.abspath(p) not in kept]
        if any(hashes[p] is None or not leaves_alone(p, footprint) for p in added):
            return None
        return {**self.project["seeds"], **{os.path.abspath(p): seeds_key(module_name(Path(p)), ()) for p in added}}, added

    def get(self, path: str, key: str) -> dict | None:
        """The stored result of `path` (as `result_to_data` made it), if stored under `key`."""
        entry = self.entries.get(os.path.abspath(path))
        if entry is None or entry.get("key") != key:
            return None
        if not is_result_data(entry):  # not what this acclint writes: lint again, store anew
            del self.entries[os.path.abspath(path)]
            self.dirty = True
            return None
        return entry

    def put(self, path: str, key: str, result: FileResult) -> None:
        self.entries[os.path.abspath(path)] = {"key": key, **result_to_data(result)}
        self.dirty = True

    def save(self, fingerprint: str, seeds: dict[str, str], hashes: dict[str, str | None], environment: str,
             footprint: Footprint | None) -> None:
        """Write the cache atomically; a cache that cannot be written is skipped silently.
        `footprint`: the reach's, where this run worked it out (else the last run's holds)."""
        if not self.dirty and self.project.get("fingerprint") == fingerprint:
            return
        self.entries = {path: entry for path, entry in self.entries.items() if os.path.exists(path)}
        project = {"fingerprint": fingerprint, "seeds": seeds}
        kept = footprint.to_data() if footprint is not None else self.project.get("footprint")
        if kept is not None and None not in hashes.values():
            project.update(hashes={os.path.abspath(p): h for p, h in hashes.items()}, environment=environment, footprint=kept)
        data = {"files": self.entries, "project": project, "summaries": self.summaries.saved()}
        try:
            _prepare(self.file.parent.parent)
            self.file.parent.mkdir(parents=True, exist_ok=True)
        except OSError:
            return
        store(self.file, FORMAT, data)


def _project(value) -> dict:
    """The last run's fingerprint and seeds keys (and, where kept, each file's hash, the
    environment and the reach's footprint), if that is what `value` holds."""
    if not isinstance(value, dict) or not isinstance(value.get("fingerprint"), str) or not _strings(value.get("seeds")):
        return {}
    if "hashes" in value and not (
        _strings(value["hashes"]) and isinstance(value.get("environment"), str)
        and Footprint.from_data(value.get("footprint")) is not None
    ):
        return {"fingerprint": value["fingerprint"], "seeds": value["seeds"]}
    return value


def _strings(value) -> bool:
    """Whether `value` is a dict of strings to strings."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def seeds_key(module: str, seeds: tuple) -> str:
    """What a file's results are kept under besides its bytes: its module name and seeds."""
    return digest([module, seeds])


def _prepare(directory: Path) -> None:
    """Create the cache directory with a `.gitignore` that keeps it out of version control."""
    directory.mkdir(parents=True, exist_ok=True)
    ignore = directory / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# Automatically created by acclint.\n*\n", "utf-8")


def cached_run(work, before_analysis: Callable[[], None] | None = None) -> list[FileResult]:
    """The results of `work` (an `acclint.run.plan.Plan`), from the cache where the file, its
    seeds and the settings are unchanged, linted (and stored) otherwise. `before_analysis` runs
    once the project is known to have changed, before its seeds are worked out (the runner
    spreads the per-file work over processes then, acclint.run.jobs)."""
    cache = ResultCache.for_settings(work.settings)
    hashes: dict[str, str | None] = {}
    for path in work.project_files:
        try:
            hashes[path] = hashlib.sha256(work.sources.raw(path)).hexdigest()
        except OSError:
            hashes[path] = None
    # The installed libraries' folders count too: their wrappers give seeds (acclint.analysis.
    # library_wrappers), so a library installed or upgraded is a changed project.
    environment = digest(environment_stamp())
    fingerprint = digest([sorted((os.path.abspath(p), h) for p, h in hashes.items()), environment])
    seed_keys = cache.seed_keys(fingerprint)
    added: list[str] = []  # files added that take no part in the reach: linted with no seeds
    if seed_keys is None:
        found = cache.seed_keys_with_added(hashes, environment, lambda path, footprint: _leaves_alone(work, path, footprint))
        if found is not None:
            (seed_keys, added), cache.dirty = found, True
    footprint = None
    results = []
    for path in work.files:
        if hashes.get(path) is None:  # unreadable: lint it to say why, cache nothing
            results.append(work.lint(path))
            continue
        if seed_keys is None:
            work.summaries, work.digests = cache.summaries, hashes  # a changed project: what is known of each file serves
            work.library_store = work.settings.cache_directory() / acclint.__version__ / "libraries"
            cache.dirty = True
            if before_analysis is not None:
                before_analysis()
            project, seeds = work.project()
            footprint = project.footprint()
            seed_keys = {os.path.abspath(p): seeds_key(project.name_of[p], seeds.get(p, ())) for p in work.project_files}
        key = hashes[path] + digest(seed_keys.get(os.path.abspath(path), ""))
        stored = cache.get(path, key)
        if stored is None:
            result = work.lint(path, alone=path in added)
            cache.put(path, key, result)
        else:
            result = result_from_data(stored, path, work.sources)
        results.append(result)
    cache.save(fingerprint, seed_keys or {}, hashes, environment, footprint)
    return results


def _leaves_alone(work, path: str, footprint: Footprint) -> bool:
    """Whether `path`, added to `work`'s project since the last run, takes no part in the reach
    whose footprint that run kept (a file that cannot be read as source is linted the long way,
    to say why)."""
    try:
        source = work.sources.read(path)
    except (OSError, Refused):
        return False
    return footprint.leaves_alone(path, source, work.markers)
