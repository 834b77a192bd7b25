"""A run's plan: the files to lint, read once each, and how one file is linted.

`plan` finds the files under the given paths; `Plan` lints each of them with the contexts the
project gives it (acclint.analysis.project), building that project only when some file must
really be analysed. `Sources` reads each file once (a notebook becomes one module of its code
cells; stdin or an editor's buffer may stand in for a file). The engine and the project layer
(and with them libcst and the rules) are imported only where a file is really linted, so that
a run served from the cache starts in a blink.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Mapping

from acclint.run.config import Settings
from acclint.files.discovery import Discovered, discover, excluded
from acclint.common.findings import FileError, FileResult, Finding
from acclint.common.refused import Refused
from acclint.lint.noqa import file_ignored
from acclint.files.sources import display_path, read_source
from acclint.run.options import for_file, options_for, project_of
from acclint.run.results import result_from_data

if TYPE_CHECKING:
    from acclint.lint.engine import LintOptions
    from acclint.files.notebooks import Notebook
    from acclint.analysis.project import Project, Summaries


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



class Sources:
    """The bytes each file is linted as, read once a run: the file itself, the code cells of a
    notebook as one module (acclint.files.notebooks), or text given in its place (stdin named by
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
            from acclint.files.notebooks import read_notebook  # json and friends: for notebooks only

            try:
                notebook = read_notebook(raw)
                notebook.module  # made now, so that a bug making it is this file's error alone
            except Refused:
                raise
            except Exception as exc:
                raise Refused(internal_error(exc)) from exc
            self.notebooks[path] = notebook
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
        result = lint_bytes(
            source, shown, settings, options, project.parsed(path), project.analysis(path, options.seeds),
            screened=project.screened(path),
        )
    else:
        result = lint_bytes(source, shown, settings, options)
    notebook = sources.notebooks.get(path)
    if notebook is None:
        return result
    return in_cells(result, notebook, broken_matter(sources.raw(path), options.markers))


def broken_matter(raw: bytes, markers) -> bool:
    """Whether a notebook's cells that are no Python are reported: where its text may hold a
    context (a syntax error in a file that names none is nobody's business, as for a module)."""
    from acclint.parse.prefilter import may_hold_context

    return may_hold_context(raw, markers)


def internal_error(exc: Exception) -> str:
    """What a bug in acclint met on a file is reported as: the exception and where it was
    raised (ruff says the same of a panic)."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f for f in reversed(frames) if f"{os.sep}acclint{os.sep}" in f.filename), frames[-1] if frames else None)
    at = f" at {os.path.basename(where.filename)}:{where.lineno}" if where is not None else ""
    return f"internal error, a bug in acclint ({type(exc).__name__}: {exc}{at}); please report it with this file"


def unreadable(exc: OSError | Refused, shown: str) -> FileResult:
    """The result of a file that cannot be read, or is no valid source or notebook."""
    message = f"cannot read: {exc.strerror or exc}" if isinstance(exc, OSError) else str(exc)
    return FileResult(shown, error=FileError(shown, message))


def lint_bytes(
    source: bytes, shown: str, settings: Settings, options: LintOptions, parsed=None, analysis=None, positions=None,
    screened=None, memory=None,
) -> FileResult:
    """Lint the bytes of the file shown as `shown`, with its per-file ignores and file-level
    `# acclint: noqa` applied (`parsed`, `analysis`, `positions`, `screened`, `memory`:
    engine.lint_source's)."""
    from acclint.lint.engine import lint_source

    result = lint_source(source, shown, options, parsed, analysis, positions, screened, memory)
    ignored = _per_file_ignored(shown, settings)
    if result.findings:
        ignored += file_ignored(source.decode("utf-8", "replace"))  # the comment is ASCII in any encoding Python reads
    if ignored:
        result.findings = [f for f in result.findings if not f.code.startswith(ignored)]
    return result


def in_cells(result: FileResult, notebook: Notebook, broken: bool = True) -> FileResult:
    """A notebook's result with each finding placed in its cell (`cell 3, line 4`), and (with
    `broken`) the cells that are no Python named in its error."""
    result.findings = [in_cell(f, notebook) for f in result.findings]
    result.cells = notebook.cell_lines()
    if result.error is not None:
        result.error = replace(result.error, message=notebook.relocate(result.error.message))
    if broken and notebook.broken:  # cells left out, already named by cell: the others were linted
        said = [result.error.message] if result.error is not None else []
        result.error = FileError(result.path, "; ".join(said + notebook.broken))
    return result


def in_cell(f: Finding, notebook: Notebook) -> Finding:
    """A finding of a notebook's module, placed in its cell (a line its message names, where
    a hidden input changes (ACC6), too)."""
    if f.cell is not None:
        return f
    cell, line = notebook.locate(f.line)
    _, end_line = notebook.locate(f.end_line) if f.end_line else (cell, 0)
    column, end_column = f.column + notebook.margin(f.line), f.end_column + notebook.margin(f.end_line)
    return replace(f, cell=cell, line=line, end_line=end_line, column=column, end_column=end_column,
                   message=notebook.relocate(f.message))


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
    # Given by the result cache (acclint.run.cache): the project's per-file summaries, and the
    # digest of each file's bytes.
    summaries: Summaries | None = None
    digests: dict[str, str | None] | None = None
    library_store: Path | None = None  # where installed libraries' parsed modules are kept
    # Results that worker processes made (acclint.run.jobs), as data, with the seeds the file
    # was linted with: one serves where the project gives the file exactly those.
    prefetched: dict[str, tuple[tuple, dict]] = field(default_factory=dict)

    @property
    def files(self) -> list[str]:
        return self.found.files

    def project(self) -> tuple[Project, dict]:
        """The project layer over the run's files, and the seeds of its reach."""
        if self._seeds is None:
            self._seeds = self.bare_project().seeds()
        return self._project, self._seeds

    def bare_project(self) -> Project:
        """The project layer, its seeds not worked out yet (a worker process's)."""
        if self._project is None:
            self._project = project_of(self.project_files, self.options, self.sources.read, self.summaries, self.digests, self.library_store)
        return self._project

    def wrapper_report(self) -> list[str]:
        """What `--show-wrappers` prints (acclint.analysis.project_wrappers.wrapper_report)."""
        from acclint.analysis.project_wrappers import wrapper_report

        project = self.bare_project()
        return wrapper_report(project, project.markers)

    @cached_property
    def project_files(self) -> list[str]:
        return with_packages(self.files, self.settings, self.walked)

    @cached_property
    def options(self) -> LintOptions:
        return options_for(self.settings)

    def lint(self, path: str, seeds: dict | None = None, alone: bool = False) -> FileResult:
        """The result of `path`, with the project's seeds (or those given); a bug in acclint
        met on the way is this file's error (exit status 2), and the run goes on. `alone`: the
        file takes part in no reach (acclint.analysis.footprint: its text names no marker, it
        receives no seeds and nothing makes the project parse it), so it is what the engine says
        of such a file, clean unless it cannot be read or decoded, with no project built."""
        try:
            return self._decoded(path) if alone else self._lint(path, seeds)
        except Exception as exc:
            shown = display_path(path)
            return FileResult(shown, error=FileError(shown, internal_error(exc)))

    def _lint(self, path: str, seeds: dict | None) -> FileResult:
        if self.contextless:
            return self._decoded(path)
        if seeds is None:
            project, seeds = self.project()
        else:
            project = self.bare_project()
        used, linted = self.prefetched.pop(path, ((), None))
        if linted is not None and used == seeds.get(path, ()):  # a worker linted it with these seeds
            return result_from_data(linted, path, self.sources)
        return lint_file(path, self.settings, for_file(self.options, project, path, seeds), project, self.sources)

    @cached_property
    def contextless(self) -> bool:
        """Whether no file of the project names a context marker in its text: then nothing is
        traced anywhere, and no file needs parsing (nor libcst, nor the rules, imported)."""
        from acclint.parse.prefilter import may_hold_context

        for path in self.project_files:
            try:
                if may_hold_context(self.sources.read(path), self.markers):
                    return False
            except (OSError, Refused):
                continue
        return True

    @cached_property
    def markers(self):
        from acclint.frameworks.markers import load_markers

        s = self.settings
        return load_markers(s.accelerators, s.differentiators, s.host_effects)

    def _decoded(self, path: str) -> FileResult:
        """The result of a file in a project without contexts: clean, unless it cannot be
        read or decoded (what the engine would say of it too)."""
        from acclint.files.decoding import decode

        shown = display_path(path)
        try:
            decode(self.sources.read(path))
        except (OSError, Refused) as exc:
            return unreadable(exc, shown)
        notebook = self.sources.notebooks.get(path)
        if notebook is not None:
            return in_cells(FileResult(shown), notebook, broken_matter(self.sources.raw(path), self.markers))
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



# What marks the root of a project: packages are not looked for above it.
_PROJECT_ROOTS = (".git", "pyproject.toml", "setup.py", "setup.cfg")


def _top_package(directory: str) -> str | None:
    """The topmost directory of the regular package `directory` lies in, itself or as a
    namespace subpackage (a directory without `__init__.py` inside a package is imported as
    part of it, PEP 420: t5x's `t5x/examples/decoder_only/`, under `t5x/examples/__init__.py`);
    None outside every package. The search stops at a project's root."""
    top = None
    while True:
        if os.path.isfile(os.path.join(directory, "__init__.py")):
            top = directory
        parent = os.path.dirname(directory)
        if parent == directory or any(os.path.exists(os.path.join(directory, m)) for m in _PROJECT_ROOTS):
            return top
        directory = parent


def with_packages(files: list[str], settings: Settings, walked: tuple[str, ...] = ()) -> list[str]:
    """`files` and every file of the packages they lie in: a helper module named alone is
    traced from its package's other modules, which the project layer must see (they are not
    reported on). A package inside a directory the run searched (`walked`) is there already."""
    tops = {top for top in map(_top_package, {os.path.dirname(os.path.realpath(f)) for f in files}) if top is not None}
    tops = {t for t in tops if not any(t == w or t.startswith(w + os.sep) for w in walked)}
    if not tops:
        return files
    given = {os.path.realpath(f) for f in files}
    found = discover(sorted(tops), settings.selection()).files
    return files + [f for f in found if os.path.realpath(f) not in given]
