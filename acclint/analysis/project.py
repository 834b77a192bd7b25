"""Project-wide contexts: which functions of one linted file are traced from another.

The layer above the per-module analysis (STYLE.md's "cheap project index, then the reach of
contexts across it"). The index is the dotted module name of every linted file, worked out from
its path alone (package `__init__.py` files, or a script's directory), so building it reads no
file. The reach is a fixpoint: each file that may hold a context is analysed; every call its
traced functions make to an imported function of the project, and every imported function it
hands to a marker, becomes a `Seed` for the file that defines the function (through package
`__init__` re-exports too); that file is analysed with its seeds, which may reach further.
Only files that hold a context or a reached function are parsed with libcst.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Callable

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.files.decoding import decode
from acclint.frameworks.markers import MarkerTable
from acclint.parse.guard import check_source
from acclint.common.refused import Refused
from acclint.analysis.names import ImportTable
from acclint.parse.prefilter import may_hold_context, names_a_marker
from acclint.analysis.reach import Seed
from acclint.files.sources import read_source

# A file is analysed again when its seeds grow; past this many analyses its seeds stop growing
# (a bound for pathological mutual recursion across modules).
MAX_ANALYSES = 8


def read_bytes(path: str) -> bytes:
    return read_source(path)


def module_name(path: Path) -> str:
    """The dotted name Python imports `path` as: its package path, or its stem for a script."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    directory = path.parent
    while (directory / "__init__.py").is_file():
        parts.append(directory.name)
        directory = directory.parent
    return ".".join(reversed(parts))


class Project:
    """The linted files, by module name, and the seeds their traced functions give each other."""

    def __init__(
        self, files: list[str], markers: MarkerTable, pedantic: bool = False, read: Callable[[str], bytes] | None = None
    ) -> None:
        self.markers = markers
        self.pedantic = pedantic  # the strictness the analysis runs with (LintOptions.pedantic)
        # How a file's bytes are read: from disk, or from an editor's unsaved buffers (the
        # language server passes a reader that prefers them).
        self.read = read or read_bytes
        self.files = files
        self.name_of: dict[str, str] = {}
        self.paths: dict[str, list[str]] = {}
        self._directory: dict[str, Path] = {}
        for file in files:
            name = module_name(Path(file))
            self.name_of[file] = name
            self.paths.setdefault(name, []).append(file)
            self._directory[file] = Path(file).resolve().parent
        self._modules: dict[str, cst.Module | None] = {}
        self._checked: set[str] = set()  # files the parse guard has passed
        self._top: dict[str, set[str]] = {}  # module-level function names, per file
        self._exports: dict[str, ImportTable] = {}
        # The last analysis of each file and the seeds it had: the lint pass reuses it when
        # the seeds did not grow since.
        self._analyses: dict[str, tuple[tuple[Seed, ...], ModuleAnalysis]] = {}

    # -- the index ------------------------------------------------------------------------
    def in_project(self, qualified: str) -> bool:
        """Whether `qualified` may name something in a linted module (cheap, no parsing)."""
        if qualified.startswith("."):
            return True
        parts = qualified.split(".")
        return any(".".join(parts[:i]) in self.paths for i in range(1, len(parts)))

    def resolve(self, qualified: str, importer: str, depth: int = 0) -> tuple[str, str] | None:
        """The (file, function name) an imported qualified name refers to, or None."""
        if depth > 8:
            return None
        absolute = self._absolute(qualified, importer)
        if absolute is None:
            return None
        module, _, name = absolute.rpartition(".")
        for path in self._candidates(module, importer):
            if name in self._top_level(path):
                return path, name
            imports = self._imports_of(path)
            if name in imports.bound_names():  # a package `__init__` re-exporting it
                return self.resolve(imports.resolve(cst.Name(name)), path, depth + 1)
        return None

    def _absolute(self, qualified: str, importer: str) -> str | None:
        if not qualified.startswith("."):
            return qualified
        dots = len(qualified) - len(qualified.lstrip("."))
        package = self.name_of[importer].split(".")
        if not importer.endswith("__init__.py"):
            package = package[:-1]
        if dots - 1 > len(package):
            return None
        base = package[: len(package) - (dots - 1)]
        return ".".join([*base, qualified[dots:]]) if base else qualified[dots:]

    def _candidates(self, module: str, importer: str) -> list[str]:
        """Files named `module`, those beside the importer first (a script's `import utils`)."""
        found = self.paths.get(module, [])
        here = self._directory.get(importer)
        return sorted(found, key=lambda p: self._directory[p] != here)

    def _top_level(self, path: str) -> set[str]:
        found = self._top.get(path)
        if found is None:
            module = self.module(path)
            body = module.body if module is not None else ()
            found = self._top[path] = {s.name.value for s in body if isinstance(s, cst.FunctionDef)}
        return found

    def _imports_of(self, path: str) -> ImportTable:
        """What the module-level imports of `path` bind (`from .m import f` in an `__init__`)."""
        found = self._exports.get(path)
        if found is None:
            found = self._exports[path] = ImportTable()
            module = self.module(path)
            for statement in module.body if module is not None else ():
                if isinstance(statement, cst.SimpleStatementLine):
                    for small in statement.body:
                        if isinstance(small, cst.ImportFrom):
                            found.add_import_from(small)
                        elif isinstance(small, cst.Import):
                            found.add_import(small)
        return found

    def module(self, path: str) -> cst.Module | None:
        """The parsed module of `path` (parsed once a run), or None if it cannot be."""
        if path not in self._modules:
            try:
                source = self.read(path)
                decode(source)
                if path not in self._checked:
                    check_source(source)
                self._modules[path] = cst.parse_module(source)
            except (OSError, Refused, cst.ParserSyntaxError, RecursionError):
                self._modules[path] = None
        return self._modules[path]

    # -- the reach --------------------------------------------------------------------------
    def seeds(self) -> dict[str, tuple[Seed, ...]]:
        """The seeds of every file some traced function of another file reaches."""
        seeds: dict[str, set[Seed]] = {}
        analyses: dict[str, int] = {}
        # First in, first out: files with contexts first, then the files they reach, so that
        # a reached file collects the seeds of every caller before it is analysed.
        queue = deque(f for f in self.files if self._may_hold_context(f))
        queued = set(queue)
        while queue:
            path = queue.popleft()
            queued.discard(path)
            analyses[path] = analyses.get(path, 0) + 1
            module = self.module(path)
            if module is None:
                continue
            own = tuple(sorted(seeds.get(path, ()), key=repr))
            try:
                analysis = ModuleAnalysis(
                    module, self.markers, self.pedantic, self.name_of[path], own, self.in_project,
                )
            except RecursionError:
                continue
            self._analyses[path] = (own, analysis)
            for qualified, seed in analysis.outgoing:
                target = self.resolve(qualified, path)
                if target is None or target == (path, seed.function):
                    continue
                file, name = target
                resolved = replace(seed, function=name)
                known = seeds.setdefault(file, set())
                if resolved in known or analyses.get(file, 0) >= MAX_ANALYSES:
                    continue
                known.add(resolved)
                if file not in queued:
                    queued.add(file)
                    queue.append(file)
        return {path: tuple(sorted(found, key=repr)) for path, found in seeds.items()}

    def _may_hold_context(self, path: str) -> bool:
        """The engine's two prefilters: the text names a marker, and so does the `ast`."""
        try:
            source = self.read(path)
            if not may_hold_context(source, self.markers):
                return False
            tree = check_source(source)
        except (OSError, Refused, SyntaxError, ValueError, RecursionError, MemoryError):
            return False
        self._checked.add(path)
        return names_a_marker(tree, self.markers)

    def parsed(self, path: str) -> cst.Module | None:
        """The module of `path` if this run parsed it already (the lint pass reuses it)."""
        return self._modules.get(path)

    def analysis(self, path: str, seeds: tuple[Seed, ...]) -> ModuleAnalysis | None:
        """The analysis of `path` this run made with exactly these seeds, if any."""
        found = self._analyses.get(path)
        return found[1] if found is not None and found[0] == seeds else None
