"""The Python API: lint paths or source text and get findings back.

    from acclint.api import lint_paths
    for f in lint_paths(["src/"]):
        print(f.path, f.line, f.code, f.message)

`run` is what the CLI calls; it also returns the files that could not be analysed. A run reads
each file once through `Sources` (which turns a notebook into one module of its code cells and
lets stdin stand in for a file), works out the project-wide contexts (acclint.project), and
reuses the results of files that did not change (acclint.cache).

The engine and the project layer (and with them libcst and the rules) are imported where a file
is really linted, so that a run served from the cache starts in a blink.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Iterable, Mapping

from acclint.config import Settings
from acclint.discovery import Discovered, discover, excluded
from acclint.findings import FileError, FileResult, Finding
from acclint.guard import Refused
from acclint.noqa import file_ignored
from acclint.sources import read_source

if TYPE_CHECKING:
    from acclint.engine import LintOptions
    from acclint.notebooks import Notebook
    from acclint.project import Project


@dataclass
class Report:
    results: list[FileResult] = field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        out = [f for r in self.results for f in r.findings]
        out.sort(key=Finding.sort_key)
        return out

    @property
    def errors(self) -> list[FileError]:
        return [r.error for r in self.results if r.error is not None]


def display_path(path: str) -> str:
    """`path` relative to the working directory when it lies below it (DESIGN.md §3)."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if rel.startswith("..") else rel


def options_for(settings: Settings) -> LintOptions:
    from acclint.engine import LintOptions
    from acclint.markers import load_markers
    from acclint.registry import select_rules

    return LintOptions(
        rules=select_rules(*settings.rule_selection()),
        markers=load_markers(settings.accelerators, settings.differentiators, settings.host_effects),
        pedantic=settings.strictness == "pedantic",
    )


class Sources:
    """The bytes each file is linted as, read once a run: the file itself, the code cells of a
    notebook as one module (acclint.notebooks), or text given in its place (stdin named by
    `--stdin-filename`, an editor's buffer). Raises OSError or `Refused` for a file that
    cannot be read or is no valid notebook."""

    def __init__(self, overlay: Mapping[str, bytes] | None = None) -> None:
        self.overlay = {os.path.abspath(p): data for p, data in (overlay or {}).items()}
        self.notebooks: dict[str, Notebook] = {}
        self._raw: dict[str, bytes] = {}

    def raw(self, path: str) -> bytes:
        """The file's own bytes (a notebook's JSON)."""
        found = self._raw.get(path)
        if found is None:
            found = self.overlay.get(os.path.abspath(path))
            if found is None:
                found = read_source(path)
            self._raw[path] = found
        return found

    def read(self, path: str) -> bytes:
        """What is linted: the Python source of `path`."""
        raw = self.raw(path)
        if not path.endswith(".ipynb"):
            return raw
        notebook = self.notebooks.get(path)
        if notebook is None:
            from acclint.notebooks import read_notebook  # json and friends: for notebooks only

            notebook = self.notebooks[path] = read_notebook(raw)
        return notebook.module


def _per_file_ignored(path: str, settings: Settings) -> tuple[str, ...]:
    codes: tuple[str, ...] = ()
    for pattern, ignored in settings.per_file_ignores.items():
        if excluded(path, (pattern,)):
            codes += ignored
    return codes


def lint_file(path: str, settings: Settings, options: LintOptions | None = None, project: Project | None = None,
              sources: Sources | None = None) -> FileResult:
    """Lint one file (reusing the module and analysis `project` made of it, if any)."""
    options = options or options_for(settings)
    sources = sources or Sources()
    shown = display_path(path)
    try:
        source = sources.read(path)
    except (OSError, Refused) as exc:
        return unreadable(exc, shown)
    if project is not None:
        result = lint_bytes(source, shown, settings, options, project.parsed(path), project.analysis(path, options))
    else:
        result = lint_bytes(source, shown, settings, options)
    notebook = sources.notebooks.get(path)
    return in_cells(result, notebook) if notebook is not None else result


def unreadable(exc: OSError | Refused, shown: str) -> FileResult:
    """The result of a file that cannot be read, or is no valid source or notebook."""
    message = f"cannot read: {exc.strerror or exc}" if isinstance(exc, OSError) else str(exc)
    return FileResult(shown, error=FileError(shown, message))


def lint_bytes(
    source: bytes, shown: str, settings: Settings, options: LintOptions, parsed=None, analysis=None, positions=None
) -> FileResult:
    """Lint the bytes of the file shown as `shown`, with its per-file ignores and file-level
    `# acclint: noqa` applied (`parsed`, `analysis`, `positions`: engine.lint_source's)."""
    from acclint.engine import lint_source

    result = lint_source(source, shown, options, parsed, analysis, positions)
    ignored = _per_file_ignored(shown, settings)
    if result.findings:
        ignored += file_ignored(source.decode("utf-8", "replace"))  # the comment is ASCII in any encoding Python reads
    if ignored:
        result.findings = [f for f in result.findings if not f.code.startswith(ignored)]
    return result


def in_cells(result: FileResult, notebook: Notebook) -> FileResult:
    """A notebook's result with each finding placed in its cell (`cell 3, line 4`)."""
    result.findings = [in_cell(f, notebook) for f in result.findings]
    result.cells = notebook.cell_lines()
    if result.error is not None:
        result.error = replace(result.error, message=notebook.relocate(result.error.message))
    return result


def in_cell(f: Finding, notebook: Notebook) -> Finding:
    """A finding of a notebook's module, placed in its cell (a line its message names, where
    a hidden input changes (ACC6), too)."""
    if f.cell is not None:
        return f
    cell, line = notebook.locate(f.line)
    _, end_line = notebook.locate(f.end_line) if f.end_line else (cell, 0)
    return replace(f, cell=cell, line=line, end_line=end_line, message=notebook.relocate(f.message))


@dataclass
class Plan:
    """What a run over some paths works on: the files to report on, the paths that could not
    be used, and (built only when a file must really be linted) the project-wide contexts."""

    settings: Settings
    found: Discovered
    sources: Sources
    walked: tuple[str, ...] = ()  # the directories searched (real paths)
    _project: Project | None = None
    _seeds: dict | None = None

    @property
    def files(self) -> list[str]:
        return self.found.files

    def project(self) -> tuple[Project, dict]:
        if self._project is None:
            from acclint.project import Project

            options = options_for(self.settings)
            self._project = Project(self.project_files, options, read=self.sources.read)
            self._seeds = self._project.seeds()
        return self._project, self._seeds

    @cached_property
    def project_files(self) -> list[str]:
        return with_packages(self.files, self.settings, self.walked)

    def lint(self, path: str) -> FileResult:
        if self.contextless:
            return self._decoded(path)
        project, seeds = self.project()
        return lint_file(path, self.settings, project.options_for(path, seeds), project, self.sources)

    @cached_property
    def contextless(self) -> bool:
        """Whether no file of the project names a context marker in its text: then nothing is
        traced anywhere, and no file needs parsing (nor libcst, nor the rules, imported)."""
        from acclint.markers import load_markers
        from acclint.prefilter import may_hold_context

        s = self.settings
        markers = load_markers(s.accelerators, s.differentiators, s.host_effects)
        for path in self.project_files:
            try:
                if may_hold_context(self.sources.read(path), markers):
                    return False
            except (OSError, Refused):
                continue
        return True

    def _decoded(self, path: str) -> FileResult:
        """The result of a file in a project without contexts: clean, unless it cannot be
        read or decoded (what the engine would say of it too)."""
        from acclint.decoding import decode

        shown = display_path(path)
        try:
            decode(self.sources.read(path))
        except (OSError, Refused) as exc:
            return unreadable(exc, shown)
        return FileResult(shown)

    def error_results(self) -> list[FileResult]:
        return [FileResult(e.path, error=e) for e in self.found.errors]


def plan(paths: Iterable[str], settings: Settings, overlay: Mapping[str, bytes] | None = None) -> Plan:
    """The files under `paths` (and files given as text in `overlay`, which need not exist)."""
    overlay = dict(overlay or {})
    found = discover([p for p in paths if p not in overlay], settings.selection())
    for path in overlay:
        if not (settings.force_exclude and excluded(path, settings.exclude)):
            found.files.append(path)
    walked = tuple(os.path.realpath(p) for p in paths if p not in overlay and os.path.isdir(p))
    return Plan(settings, found, Sources(overlay), walked)


def run(paths: Iterable[str], settings: Settings = Settings(), overlay: Mapping[str, bytes] | None = None,
        cache: bool = False) -> Report:
    """Lint every Python file and notebook under `paths`, with the contexts their imports carry
    from file to file (acclint.project). A path that cannot be used is an error result; the
    others are still linted. With `cache`, results of unchanged files come from the result
    cache (acclint.cache) and new ones are stored in it."""
    work = plan(paths, settings, overlay)
    report = Report(work.error_results())
    if cache and not work.contextless:  # a project with no context is checked faster than looked up
        from acclint.cache import cached_run

        report.results += cached_run(work)
    else:
        report.results += [work.lint(path) for path in work.files]
    return report


def with_packages(files: list[str], settings: Settings, walked: tuple[str, ...] = ()) -> list[str]:
    """`files` and every file of the packages they lie in: a helper module named alone is
    traced from its package's other modules, which the project layer must see (they are not
    reported on). A package inside a directory the run searched (`walked`) is there already."""
    tops: set[str] = set()
    for directory in {os.path.dirname(os.path.realpath(f)) for f in files}:
        if os.path.isfile(os.path.join(directory, "__init__.py")):
            while os.path.isfile(os.path.join(os.path.dirname(directory), "__init__.py")):
                directory = os.path.dirname(directory)
            tops.add(directory)
    tops = {t for t in tops if not any(t == w or t.startswith(w + os.sep) for w in walked)}
    if not tops:
        return files
    given = {os.path.realpath(f) for f in files}
    found = discover(sorted(tops), settings.selection()).files
    return files + [f for f in found if os.path.realpath(f) not in given]


def lint_paths(paths: Iterable[str | os.PathLike], select=None, ignore=None, settings: Settings | None = None) -> list[Finding]:
    """Findings for every Python file under `paths`, sorted by path, line, column."""
    base = settings or Settings()
    settings = replace(
        base,
        select=tuple(select) if select is not None else base.select,
        ignore=tuple(ignore) if ignore is not None else base.ignore,
    )
    return run([str(p) for p in paths], settings).findings


def lint_text(text: str, path: str = "<string>", settings: Settings = Settings()) -> FileResult:
    """Lint source text (an editor buffer, stdin) on its own, without the project around it."""
    return lint_bytes(text.encode("utf-8"), path, settings, options_for(settings))
