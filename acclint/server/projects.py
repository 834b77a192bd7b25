"""The language server's view of the code: the editor's unsaved buffers over the files on disk,
one `Scope` per configuration root, and the project-wide reach kept in memory between edits.

Nothing here knows the Language Server Protocol (acclint.server.app does), so the benchmark and
the tests can drive it directly.

Why it is shaped so: a file's findings depend on its own text, its settings and its *seeds* (the
traced reaches other modules give its functions, acclint.analysis.project). An edit is answered at once
by linting the edited buffer with the seeds of the last project analysis. What the edited file
gives *other* files is its `Shape`: its traced reaches into other modules and what they can
resolve in it (its module-level functions and imports). Most keystrokes change neither, and
then no other file's seeds can change. When the shape changes, the project is analysed again
in the background (`reanalyse`) and only the open files whose seeds changed are linted again;
an analysis that a newer change makes stale stops at the next file it would read
(`Superseded`) rather than finish work nobody will use, and it waits before each file while a
lint is queued or running (acclint.server.priority). Opening a file changes nothing other
files see when its buffer is the file on disk that the analysis reads: the file's first lint
then neither waits for the analysis nor starts another one. Parsed modules are kept between
analyses, keyed by their exact bytes, so only edited files are parsed again; an edit inside
one top-level statement parses and guards that statement alone (acclint.server.reparse), and
the analysis of the edited file takes the facts of the function bodies it left alone from the
last one (acclint.analysis.module.ModuleAnalysis's `previous`).
"""

from __future__ import annotations

import ast
import os
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

import libcst as cst

from acclint.analysis.library_wrappers import InstalledLibraries
from acclint.analysis.module import ModuleAnalysis
from acclint.common.collector import collection_paused
from acclint.run.options import options_for
from acclint.run.plan import Sources, lint_bytes, unreadable, with_packages
from acclint.run.registry import objects_read
from acclint.run.config import ConfigError, Settings, find_pyproject, load_settings
from acclint.files.discovery import discover
from acclint.files.decoding import decode
from acclint.frameworks.markers import MarkerTable
from acclint.lint.engine import LintOptions
from acclint.lint.noqa import file_ignored
from acclint.lint.reuse import RuleMemory
from acclint.common.findings import FileError, FileResult
from acclint.parse.frontend import parse_module, screen
from acclint.common.refused import Refused
from acclint.parse.prefilter import may_hold_context
from acclint.analysis.project import FileIndex, Project, module_name
from acclint.analysis.reach import Returned, Seed
from acclint.server.priority import Lints
from acclint.server.reparse import Parsed, reparse, statement_starts
from acclint.server.documents import decode as decode_text
from acclint.server.edits import lines_of
from acclint.server.slices import Lines, NameCache, edited_definition, merged, same_declared, slice_of


class Superseded(Exception):
    """A newer edit made the running project analysis stale."""


@dataclass(frozen=True)
class Shape:
    """What other files' seeds depend on in one file: the names they can resolve in it, the
    traced reaches it makes into them, what its reached functions return to them, and what it
    declares static for them to import."""

    functions: tuple[str, ...]  # module-level functions
    imports: tuple[str, ...]  # module-level import statements (re-exports), as code
    outgoing: frozenset
    returned: frozenset = frozenset()
    # its classes and what it declares static (acclint.analysis.declared), as the index has them
    declared: str = ""

    @classmethod
    def of(cls, module: cst.Module, analysis: ModuleAnalysis | None) -> Shape:
        functions = tuple(s.name.value for s in module.body if isinstance(s, cst.FunctionDef))
        imports = tuple(
            module.code_for_node(s) for s in module.body
            if isinstance(s, cst.SimpleStatementLine) and any(isinstance(b, (cst.Import, cst.ImportFrom)) for b in s.body)
        )
        if analysis is None:
            try:
                index = FileIndex.of(ast.parse(module.code))
                declared = repr([sorted(index.classes), index.declared.to_data()])
            except (SyntaxError, ValueError, RecursionError):
                declared = ""
            return cls(functions, imports, frozenset(), declared=declared)
        # the analysis read what the file declares static already: no second parse of it
        classes = sorted(s.name.value for s in module.body if isinstance(s, cst.ClassDef))
        declared = repr([classes, analysis.declared.to_data()])
        return cls(functions, imports, frozenset(analysis.outgoing), frozenset(analysis.returned), declared)


def same_setting(a: Callable[[str], bool] | None, b: Callable[[str], bool] | None) -> bool:
    """Whether two `in_project`s say the same (each project analysis makes its own: the bound
    method Project.in_project, which reads the project's module names alone)."""
    if a is b:
        return True
    owner_a, owner_b = getattr(a, "__self__", None), getattr(b, "__self__", None)
    return (
        isinstance(owner_a, Project) and isinstance(owner_b, Project) and a.__func__ is b.__func__
        and owner_a.paths.keys() == owner_b.paths.keys()
    )


@dataclass(eq=False)
class Edits:
    """What the next edit inside one function of a buffer is analysed from (acclint.server.
    slices), besides the analysis of the last whole lint (`Workspace._analyses`: the facts of
    the function bodies an edit leaves alone, what the module declares static): that lint's
    `in_project` and shape, the names of the module's statements, and the statements of the
    last slice analysed with their reaches into other files and returns to them."""

    setting: object
    shape: Shape | None
    names: NameCache = field(default_factory=NameCache)
    last_slice: tuple | None = None


@dataclass(eq=False)
class Scope:
    """The files that share one configuration: those under `root` (the directory of the
    `pyproject.toml` with `[tool.acclint]`, or a workspace folder), or one file alone."""

    root: str | None
    settings: Settings
    error: ConfigError | None = None  # an invalid [tool.acclint]: every file reports it
    options: LintOptions | None = None
    seeds: dict[str, tuple[Seed | Returned, ...]] = field(default_factory=dict)
    generation: int = 1  # bumped by every change that may change the seeds
    analysed: int = 0  # the generation the seeds were computed at
    # From the last project analysis: whether a name may be a function of the project, and the
    # shape of each open file then (set together, under `lock`).
    in_project: Callable[[str], bool] | None = None
    shapes: dict[str, Shape | None] = field(default_factory=dict)
    files: frozenset[str] = frozenset()  # the files of the running (else the last) analysis
    lock: threading.Lock = field(default_factory=threading.Lock)

    def shown(self, path: str) -> str:
        """The path findings name: relative to the root, as `acclint check` run there names
        it (so `per-file-ignores` globs match as they do on the command line)."""
        if self.root is not None and (path + os.sep).startswith(self.root + os.sep):
            return os.path.relpath(path, self.root)
        return path

    def options_of(self, path: str) -> LintOptions:
        return replace(self.options, module_name=module_name(Path(path)), seeds=self.seeds.get(path, ()))


class _BufferedProject(Project):
    """A Project that reuses modules parsed by earlier analyses (for unchanged bytes)."""

    def __init__(self, files, options, read, parsed: dict, libraries: InstalledLibraries) -> None:
        super().__init__(files, options.markers, options.pedantic, read, libraries=libraries, objects_read=objects_read(options.markers))
        self._parsed = parsed

    def module(self, path: str) -> cst.Module | None:
        source = self.read(path)
        kept = self._parsed.get(path)
        if kept is not None and kept.source == source:
            return kept.module
        module = super().module(path)
        if module is not None:
            self._parsed[path] = Parsed(source, module)
        return module


class Workspace:
    """Open buffers, scopes and parsed modules; thread-safe for one linting thread and one
    analysing thread (dict updates are atomic; scopes are created under a lock)."""

    def __init__(self, folders: list[str] = ()) -> None:
        self.folders = [os.path.abspath(f) for f in folders]
        self.buffers: dict[str, bytes] = {}  # path -> the editor's text, unsaved edits included
        self._scopes: dict[str, Scope] = {}  # by configuration root (or directory, without one)
        self._scope_of: dict[str, Scope] = {}  # by directory
        self._lock = threading.Lock()
        self.lints = Lints()  # the analysis waits while one is queued or running
        self._parsed: dict[str, Parsed] = {}
        # The installed libraries read so far, per marker table (a scope's settings): each
        # analysis asks them again, and their modules are parsed once a session.
        self._libraries: dict[MarkerTable, InstalledLibraries] = {}
        # The last analysis of each buffer: the next one takes the facts of the function
        # bodies an edit left alone from it (ModuleAnalysis's `previous`).
        self._analyses: dict[str, ModuleAnalysis] = {}
        # The last lint of each buffer: (bytes, options, result); a code action on an unchanged
        # buffer reuses it.
        self._last: dict[str, tuple[bytes, LintOptions, FileResult]] = {}
        # The code generated for the statements of each buffer that held findings
        # (engine.lint_source's `positions`), kept for the statements its module still has.
        self._positions: dict[str, dict] = {}
        # The rules' results of the last lint of each buffer, by top-level statement: the next
        # lint reuses those of the statements an edit left alone (acclint.lint.reuse).
        self._memories: dict[str, RuleMemory] = {}
        # What an edit inside one function of each buffer is analysed from (acclint.server.slices),
        # and how the last lint of each was answered ("slice" or "whole"; for tests and benchmarks).
        self._edits: dict[str, Edits] = {}
        self.answered: dict[str, str] = {}

    # -- buffers and settings ---------------------------------------------------------------
    def read(self, path: str) -> bytes:
        """The editor's text of `path` when it is open (a notebook's: the module of its code
        cells), else what `acclint check` would lint of the file on disk."""
        found = self.buffers.get(path)
        return found if found is not None else Sources().read(path)

    def edit(self, path: str, text: bytes | None) -> Scope:
        """Record the buffer of `path` (None: closed, the disk applies again, and the project
        analysis is stale). Whether an edit makes it stale, `lint` tells from the shape."""
        scope = self.scope(path)
        if text is None:
            self.buffers.pop(path, None)
            self._last.pop(path, None)
            self._analyses.pop(path, None)
            self._positions.pop(path, None)
            self._memories.pop(path, None)
            self._edits.pop(path, None)
            self.answered.pop(path, None)
            scope.generation += 1
        else:
            self.buffers[path] = text
        return scope

    def changed_on_disk(self, path: str) -> None:
        """A file changed outside the editor: analyses of its scope are stale."""
        self._parsed.pop(path, None)
        self.scope(path).generation += 1

    def reload_settings(self) -> list[Scope]:
        """Forget every scope (a `pyproject.toml` changed); returns the old ones, whose open
        files the caller lints again."""
        with self._lock:
            old = list(self._scopes.values())
            self._scopes.clear()
            self._scope_of.clear()
        self._last.clear()
        return old

    def scope(self, path: str) -> Scope:
        directory = os.path.dirname(path)
        with self._lock:
            found = self._scope_of.get(directory)
            if found is None:
                found = self._scope_of[directory] = self._make_scope(directory)
            return found

    def _make_scope(self, directory: str) -> Scope:
        try:
            pyproject = find_pyproject(Path(directory))
            settings = load_settings(pyproject) if pyproject else Settings()
            error = None
        except ConfigError as exc:
            pyproject, settings, error = None, Settings(), exc
        if pyproject is not None:
            root = str(pyproject.parent)
        elif error is None:
            root = next((f for f in self.folders if (directory + os.sep).startswith(f + os.sep)), None)
        else:
            root = None
        # Files outside every root share a scope per directory (and the package it is in).
        key = root if root is not None else directory
        scope = self._scopes.get(key)
        if scope is None:
            scope = self._scopes[key] = Scope(root, settings, error, options_for(settings))
        return scope

    def open_paths(self, scope: Scope) -> list[str]:
        return [p for p in list(self.buffers) if self.scope(p) is scope]

    # -- linting ----------------------------------------------------------------------------
    def lint(self, path: str, source: bytes | None = None) -> FileResult:
        """Findings for `source` (default: the current text of `path`), with the scope's last
        known seeds. The cyclic collector is paused meanwhile, as in `acclint check`
        (acclint.common.collector): the reparse and the analysis allocate much and free little,
        and each collection they set off scans the whole module kept between edits."""
        with collection_paused():
            return self._lint(path, source)

    def _lint(self, path: str, source: bytes | None) -> FileResult:
        scope = self.scope(path)
        shown = scope.shown(path)
        if scope.error is not None:
            return FileResult(shown, error=FileError(shown, f"invalid configuration: {scope.error}"))
        if source is None:
            try:
                source = self.read(path)
            except (OSError, Refused) as exc:
                return unreadable(exc, shown)
        in_project = scope.in_project  # read before the seeds: a newer analysis's shapes are not ours
        options = scope.options_of(path)
        last = self._last.get(path)
        edits = self._edits.get(path)
        if last is not None and last[0] == source and last[1] == options and (edits is None or same_setting(edits.setting, in_project)):
            return last[2]
        sliced = self._sliced(path, source, options, in_project, shown, scope) if last is not None and last[1] == options else None
        if sliced is not None:
            result, shape = sliced
        else:
            result, shape = self._lint_whole(path, source, options, in_project, shown, scope)
        self.answered[path] = "whole" if sliced is None else "slice"
        if path in self.buffers:
            self._last[path] = (source, options, result)
            self._compare_shape(scope, path, source, shape, in_project)
        return result

    def prepare_edits(self, path: str) -> bool:
        """Work out now what the first edit of `path` inside one function needs of the whole
        module (where each statement starts, what each spells and binds), once the lint of the
        file just opened is published: about 3 s of CPU in a 50,000-line file, which the
        editor's first keystroke would otherwise wait for. Whether the module was new (parsed
        whole, not from the last by a reparse): then most of that was to do."""
        edits, parsed = self._edits.get(path), self._parsed.get(path)
        if edits is None or parsed is None:
            return False
        with collection_paused():
            new = parsed.starts is None
            if new:
                parsed = self._parsed[path] = replace(parsed, starts=statement_starts(parsed.module))
            for statement in parsed.module.body:
                edits.names.of(statement)
        return new

    def _lint_whole(self, path: str, source: bytes, options: LintOptions, in_project, shown: str, scope: Scope):
        """The result of the whole module of `source`, and its shape."""
        module, analysis = self._analyse_file(path, source, options, in_project)
        positions = self._positions.get(path, {}) if module is not None else None
        memory = None
        if module is not None and path in self.buffers:
            memory = self._memories.setdefault(path, RuleMemory())
            memory.setting = in_project
        result = lint_bytes(source, shown, scope.settings, options, module, analysis, positions, memory=memory)
        if positions is not None and path in self.buffers:
            kept = set(module.body)
            self._positions[path] = {key: found for key, found in positions.items() if key[0] in kept}
        shape = Shape.of(module, analysis) if module is not None else None
        if path in self.buffers:
            if module is not None and result.error is None and result.cells is None:
                self._edits[path] = Edits(in_project, shape)
            else:
                self._edits.pop(path, None)
        return result, shape

    def _sliced(self, path: str, source: bytes, options: LintOptions, in_project, shown: str, scope: Scope):
        """The result and shape of `source`, an edit inside one function of the buffer last
        linted, from the lint of the statements that edit can change alone and the last
        result (acclint.server.slices); None where that cannot be done exactly."""
        edits, old, last = self._edits.get(path), self._parsed.get(path), self._last[path]
        if edits is None or not same_setting(edits.setting, in_project) or old is None or old.source != last[0] or last[2].error is not None:
            return None
        if not options.seeds and not may_hold_context(source, options.markers):
            return None
        ignored = file_ignored(source.decode("utf-8", "replace"))
        if file_ignored(last[0].decode("utf-8", "replace")) != ignored:
            return None
        new = reparse(old, source)
        if new is None or not edited_definition(old.module, new.module, new.changed):
            return None
        if type(new.module.body[new.changed]) is cst.ClassDef and not self._same_class_declared(old, new, self._analyses[path]):
            return None
        self._parsed[path] = new  # the whole lint, if it comes to that, takes it from here
        indices = slice_of(old.module, new.module, new.changed, edits.names)
        if indices is None:
            return None
        try:
            return self._lint_slice(path, source, old, new, indices, ignored, options, in_project, shown, scope)
        except RecursionError:
            return None

    def _lint_slice(self, path, source, old: Parsed, new: Parsed, indices: list[int], ignored: tuple[str, ...], options,
                    in_project, shown, scope):
        """`_sliced`'s result, from the slice `indices` (`ignored`: the codes the new text's
        file-level `# acclint: noqa` silences)."""
        edits, last, whole = self._edits[path], self._last[path], self._analyses[path]
        edits.names.keep_only(new.module.body)
        outgoing = self._slice_shape(edits, whole, old.module, indices, options, in_project)
        part = new.module.with_changes(body=[new.module.body[i] for i in indices])
        analysis = self._slice_analysis(whole, part, options, in_project)
        edits.last_slice = (tuple(part.body), frozenset(analysis.outgoing), frozenset(analysis.returned))
        if edits.last_slice[1:] != outgoing:
            return None  # what other files see of it changed: the whole lint gives its shape
        positions = self._positions.setdefault(path, {})
        linted = lint_bytes(part.code.encode("utf-8"), shown, scope.settings, options, part, analysis, positions)
        lines = Lines.of(new.starts, new.changed, new.shift, indices, len(new.module.header))
        findings = merged(last[2].findings, linted.findings, lines) if linted.error is None else None
        if findings is None or linted.notes or last[2].notes:
            return None  # a function left out (a note) is placed by the whole lint
        kept = set(new.module.body)
        self._positions[path] = {key: found for key, found in positions.items() if key[0] in kept}
        if ignored:  # one in a statement outside the slice is not in the slice's text
            findings = [f for f in findings if not f.code.startswith(ignored)]
        return FileResult(shown, findings, parsed=True, module=new.module, text=decode(source)), edits.shape

    @staticmethod
    def _same_class_declared(old: Parsed, new: Parsed, whole: ModuleAnalysis) -> bool:
        """Whether the class an edit changed declares what it declared (acclint.server.slices.
        same_declared; its lines cut as the reparse counted them)."""
        c, shift = new.changed, new.shift
        before = "".join(lines_of(decode_text(old.source))[new.starts[c]: new.starts[c + 1] - shift])
        after = "".join(lines_of(decode_text(new.source))[new.starts[c]: new.starts[c + 1]])
        return same_declared(before, after, whole.index.imports, whole.facts)

    @staticmethod
    def _slice_analysis(whole: ModuleAnalysis, part: cst.Module, options: LintOptions, in_project) -> ModuleAnalysis:
        """The analysis of a slice of the buffer's module (`whole`: the last whole lint's
        analysis), with what the whole module declares."""
        return ModuleAnalysis(
            part, options.markers, options.pedantic, options.module_name, options.seeds, in_project,
            previous=whole, declared=whole.declared,
        )

    def _slice_shape(self, edits: Edits, whole: ModuleAnalysis, module: cst.Module, indices: list[int], options: LintOptions,
                     in_project) -> tuple:
        """The traced reaches into other files, and the returns to them, of the slice `indices`
        of the module before the edit (those the last sliced edit found, where it analysed
        the same statements)."""
        statements = tuple(module.body[i] for i in indices)
        if edits.last_slice is not None and edits.last_slice[0] == statements:
            return edits.last_slice[1:]
        analysis = self._slice_analysis(whole, module.with_changes(body=statements), options, in_project)
        return frozenset(analysis.outgoing), frozenset(analysis.returned)

    def _compare_shape(self, scope: Scope, path: str, source: bytes, shape: Shape | None, in_project) -> None:
        """Make the project analysis stale if what other files see of `path` may have changed
        since the analysis that gave the seeds (`shape`: None where the lint did not parse it).

        A file just opened as it is on disk changes nothing: the analysis (done or under way)
        read those very bytes. Its shape, as this lint saw it with the last analysis's seeds
        and `in_project`, is what later edits are compared with; an analysis under way records
        it too when it ends."""
        if path not in scope.shapes and self._as_analysed(scope, path, source):
            with scope.lock:
                if in_project is not None and scope.in_project is in_project:
                    scope.shapes.setdefault(path, shape)
            return
        if shape is None or scope.shapes.get(path) != shape:
            scope.generation += 1  # other files' seeds may change: analyse the project

    def _as_analysed(self, scope: Scope, path: str, source: bytes) -> bool:
        """Whether the project analysis reads `source` for `path`: the file is one of the
        project's (a scope without a root makes its project of the open files) and its buffer
        is what is on disk."""
        if scope.root is None or path not in scope.files:
            return False
        try:
            return Sources().read(path) == source
        except (OSError, Refused):
            return False

    def _analyse_file(self, path: str, source: bytes, options: LintOptions, in_project: Callable[[str], bool] | None):
        """The module and analysis the engine would make of `source` (with the project's
        in_project, so that the analysis records the file's outgoing reaches), or (None, None)
        where the engine would not analyse it, or cannot (it then says why).

        An edit inside one top-level statement parses that statement alone, and skips the
        front end's `ast` prefilter (acclint.parse.frontend.screen): a module that fails it has
        no traced context, so its analysis finds no function to lint and the findings are the
        same, none."""
        if not options.seeds and not may_hold_context(source, options.markers):
            return None, None
        try:
            kept = self._parsed.get(path)
            if kept is None or kept.source != source:
                decode(source)
                again = reparse(kept, source) if kept is not None else None
                if again is None:
                    screened, _ = screen(source, options.markers, guard=True)
                    if screened.error is not None:
                        raise screened.error
                    if not options.seeds and not screened.names_marker:
                        return None, None
                    again = Parsed(source, parse_module(source))
                kept = self._parsed[path] = again
            module = kept.module
            analysis = self._analyses[path] = ModuleAnalysis(
                module, options.markers, options.pedantic, options.module_name, options.seeds, in_project,
                previous=self._analyses.get(path), source=source,
            )
        except (Refused, cst.ParserSyntaxError, RecursionError):
            return None, None
        return module, analysis

    def lint_function(self, path: str) -> Callable[[bytes], FileResult]:
        """How the fixer lints a version of `path` (its settings and seeds, fixed now)."""
        scope = self.scope(path)
        options, shown = scope.options_of(path), scope.shown(path)
        return lambda source: lint_bytes(source, shown, scope.settings, options)

    # -- the project-wide reach ---------------------------------------------------------------
    def files(self, scope: Scope, path: str) -> list[str]:
        """The Python files of the scope's project, open buffers not yet saved included; for a
        file outside any root, the file and the package it lies in."""
        if scope.root is None:
            return with_packages(self.open_paths(scope) or [path], scope.settings)
        files = discover([scope.root], scope.settings.selection()).files
        known = set(files)
        files += [p for p in self.open_paths(scope) if p not in known]
        return files

    def reanalyse(self, scope: Scope, path: str) -> list[str] | None:
        """Work out the seeds of the scope again (`path`: a file of it, which names the project
        of a scope without a root). Returns the open files whose seeds changed, or None when a
        newer edit made the analysis stale before it finished."""
        if scope.error is not None:
            return []
        generation = scope.generation
        snapshot = dict(self.buffers)
        disk = Sources()  # reads each file once (a notebook as the module of its code cells)

        def read(file: str) -> bytes:
            """The file's bytes, once no lint waits (or PAUSE has passed), unless the analysis
            became stale."""
            self.lints.wait()
            if scope.generation != generation:
                raise Superseded
            found = snapshot.get(file)
            return found if found is not None else disk.read(file)

        files = self.files(scope, path)
        scope.files = frozenset(files)
        markers = scope.options.markers
        libraries = self._libraries.get(markers)
        if libraries is None:
            libraries = self._libraries[markers] = InstalledLibraries(markers)
        project = _BufferedProject(files, scope.options, read, self._parsed, libraries)
        try:
            seeds = project.seeds()
            shapes = {}
            for open_path in self.open_paths(scope):
                module = project.module(open_path) if open_path in project.name_of else None
                analysis = project.analysis(open_path, seeds.get(open_path, ()))
                shapes[open_path] = Shape.of(module, analysis) if module is not None else None
        except Superseded:
            return None
        with scope.lock:
            before = scope.seeds
            scope.seeds, scope.in_project, scope.shapes, scope.analysed = seeds, project.in_project, shapes, generation
        # and those whose last whole lint saw other modules otherwise (the first analysis of a
        # scope): their next edit could not be sliced
        return [
            p for p in self.open_paths(scope)
            if before.get(p, ()) != seeds.get(p, ()) or (p in self._edits and not same_setting(self._edits[p].setting, project.in_project))
        ]
