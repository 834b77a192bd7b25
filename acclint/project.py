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

import ast
from dataclasses import replace
from pathlib import Path

import libcst as cst

from acclint.analysis import ModuleAnalysis
from acclint.engine import LintOptions, decode
from acclint.guard import Refused, check_source
from acclint.prefilter import may_hold_context
from acclint.reach import Seed

# A file is analysed again when its seeds grow; past this many analyses its seeds stop growing
# (a bound for pathological mutual recursion across modules).
MAX_ANALYSES = 8


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

    def __init__(self, files: list[str], options: LintOptions) -> None:
        self.options = options
        self.files = files
        self.name_of: dict[str, str] = {}
        self.paths: dict[str, list[str]] = {}
        for file in files:
            name = module_name(Path(file))
            self.name_of[file] = name
            self.paths.setdefault(name, []).append(file)
        self._modules: dict[str, cst.Module | None] = {}
        self._exports: dict[str, dict[str, str]] = {}

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
            target = self._exports_of(path).get(name)
            if target is not None:  # a package `__init__` re-exporting it
                return self.resolve(target, path, depth + 1)
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
        here = str(Path(importer).resolve().parent)
        return sorted(found, key=lambda p: str(Path(p).resolve().parent) != here)

    def _top_level(self, path: str) -> set[str]:
        module = self.module(path)
        if module is None:
            return set()
        return {s.name.value for s in module.body if isinstance(s, cst.FunctionDef)}

    def _exports_of(self, path: str) -> dict[str, str]:
        """`name -> qualified` for the names a module imports (`from .m import f` in `__init__`)."""
        found = self._exports.get(path)
        if found is None:
            found = self._exports[path] = {}
            try:
                tree = ast.parse(Path(path).read_bytes())
            except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
                return found
            for node in tree.body:
                if isinstance(node, ast.ImportFrom):
                    base = "." * node.level + (node.module or "")
                    for alias in node.names:
                        spelled = f"{base}.{alias.name}" if (node.module or not node.level) else base + alias.name
                        found[alias.asname or alias.name] = spelled
        return found

    def module(self, path: str) -> cst.Module | None:
        """The parsed module of `path` (parsed once a run), or None if it cannot be."""
        if path not in self._modules:
            try:
                source = Path(path).read_bytes()
                decode(source)
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
        queue = [f for f in self.files if self._may_hold_context(f)]
        queued = set(queue)
        while queue:
            path = queue.pop()
            queued.discard(path)
            analyses[path] = analyses.get(path, 0) + 1
            module = self.module(path)
            if module is None:
                continue
            try:
                analysis = ModuleAnalysis(
                    module, self.options.markers, self.options.pedantic, self.name_of[path],
                    tuple(sorted(seeds.get(path, ()), key=repr)), self.in_project,
                )
            except RecursionError:
                continue
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
        try:
            return may_hold_context(Path(path).read_bytes(), self.options.markers)
        except OSError:
            return False

    def options_for(self, path: str, seeds: dict[str, tuple[Seed, ...]]) -> LintOptions:
        """The lint options of one file: its module name and seeds."""
        return replace(self.options, module_name=self.name_of.get(path, ""), seeds=seeds.get(path, ()))
