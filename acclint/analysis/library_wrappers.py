"""Wrappers of installed libraries, inferred from their source the way a project's are.

A project calls `mylib.fixed_point(f, x0)` or `eqx.filter_jit(fn)`; whether that puts `f` in a
context is written in the library's source, which is installed where acclint runs. So where a
linted file imports a name from an installed library, the library's module is read (never
imported: its file is found on the search path as the import system's finder would find it, from
the file system alone, and a package's `__path__` is its folder; nothing of it runs), its `ast` tree gives
what each function hands its parameters to (acclint.analysis.wrappers' `hand_offs`), and the
wrappers among them are inferred to a fixpoint (`infer`) as for project code. A callee of the
library's own (`from ._loop import while_loop`, another library's `optx.root_find`) is asked the
same way, lazily: only the modules the project names, and those their wrappers' hand-offs lead
to, are parsed.

The framework data come first: a marker (jax.jit) or a library table's entry (acclint/frameworks/
libraries/*.toml, checked against the installed source) is answered from the data, and the
frameworks' own namespaces (`[modelled] namespaces`: jax, numpy, torch, ...) and the standard
library are never read (docs/contexts.md says why).

What each parsed module hands on is kept in acclint's cache folder, one JSON file per
(distribution, version, acclint build), found with `importlib.metadata` on the same search path:
a second run reads it instead of parsing, and another version of the library is another file. A
module that cannot be read or parsed, or a chain of hand-offs that comes back to a function
being asked about, makes no wrapper: the names are simply not wrappers, and `reasons` says why
(`acclint check --show-wrappers`).
"""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.metadata
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import acclint
from acclint.analysis.names import ImportTable
from acclint.analysis.reach import Options
from acclint.analysis.wrappers import Applied, HandOff, Step, handed_on, hand_offs, infer
from acclint.frameworks.markers import MarkerTable

FORMAT = 1  # bump when what a cache file holds changes


@dataclass(frozen=True)
class ModuleFacts:
    """What one library module says of its names: what its module-level imports bind (`from
    ._jit import filter_jit` -> `._jit.filter_jit`), what its functions hand their parameters to,
    and why it says nothing (`error`: it cannot be read or parsed)."""

    exports: dict[str, str | None] = field(default_factory=dict)
    handoffs: tuple[HandOff, ...] = ()
    error: str | None = None
    package: bool = False  # an `__init__.py`: its relative imports start in its own package

    def to_data(self) -> list:
        return [self.exports, [h.to_data() for h in self.handoffs], self.error, self.package]

    @classmethod
    def from_data(cls, data: list) -> ModuleFacts:
        exports, handoffs, error, package = data
        if not isinstance(exports, dict) or not (error is None or isinstance(error, str)):
            raise ValueError("not module facts")
        return cls(dict(exports), tuple(HandOff.from_data(h) for h in handoffs), error, bool(package))


@dataclass(frozen=True)
class Distribution:
    """The installed distribution a top-level package comes from (None: no metadata found)."""

    name: str
    version: str


class InstalledLibraries:
    """The wrappers of the libraries installed on `path` (default `sys.path`), asked by qualified
    name (`applied`). `store`: the folder keeping each library version's parsed modules
    between runs (None: kept in memory only). `in_project`: names the linted project defines,
    which are never looked for in the libraries."""

    def __init__(
        self, markers: MarkerTable, path: Sequence[str] | None = None, store: Path | None = None,
        in_project=lambda qualified: False,
    ) -> None:
        self.markers = markers
        self.path = [p for p in (sys.path if path is None else path) if p]  # "": the current folder, never a library's
        self.store = store
        self.in_project = in_project
        self.reasons: dict[str, str] = {}  # a name or module -> why it gives no wrapper
        self._answers: dict[str, Applied | None] = {}
        self._asking: set[str] = set()
        self._cuts = 0  # how many times a chain came back to a name or module being worked out
        self._wrappers: dict[str, dict[str, Applied]] = {}  # module -> its wrappers
        self._inferring: set[str] = set()
        self._facts: dict[str, ModuleFacts | None] = {}
        self._located: dict[str, tuple[str | None, list[str]] | None] = {}
        self._distributions: dict[str, Distribution | None] = {}  # top-level package -> its distribution
        self._listed: dict[str, Distribution] = {}  # ... as every distribution's files list them
        self._recorded = False  # whether those were read
        self._kept: dict[Distribution, dict[str, list]] = {}  # what each library's cache file holds
        self._dirty: set[Distribution] = set()

    # -- asking -------------------------------------------------------------------------
    def applied(self, qualified: str) -> Applied | None:
        """What calling the library function (or `Class.method`) `qualified` applies to the
        functions it is given, if it is a wrapper; None for anything else or not read."""
        if qualified in self._answers:
            return self._answers[qualified]
        if qualified in self._asking:
            self._cuts += 1
            self.reasons.setdefault(qualified, f"{qualified} hands its callable back to itself through its own callees: a recursive chain traces nothing by itself")
            return None
        if not self.readable(qualified):
            return None
        self._asking.add(qualified)
        cuts = self._cuts
        try:
            found = self._lookup(qualified)
        finally:
            self._asking.discard(qualified)
        if cuts == self._cuts:  # an answer a cut cycle made may be short of the fixpoint: not kept
            self._answers[qualified] = found
        return found

    def readable(self, qualified: str) -> bool:
        """Whether `qualified` may name something of an installed library acclint reads: not
        the project's, not a framework's own namespace, not the standard library."""
        top = qualified.split(".", 1)[0]
        return (
            bool(top) and not qualified.startswith(".") and top not in sys.stdlib_module_names
            and not (qualified + ".").startswith(self.markers.modelled)
            and not self.in_project(f"{top}.{qualified}")  # a name in a module `top` of the project
        )

    def installed(self, top: str) -> bool:
        """Whether the top-level name `top` is a library on the path acclint may read."""
        return self.readable(top) and self._locate(top) is not None

    def _lookup(self, qualified: str) -> Applied | None:
        """Where `qualified` is defined (following re-exports), and whether that is a wrapper."""
        parts = qualified.split(".")
        for split in range(len(parts) - 1, 0, -1):  # the longest prefix that is a module
            module = ".".join(parts[:split])
            facts = self.facts(module)
            if facts is None:
                continue
            if facts.error is not None:
                self.reasons.setdefault(qualified, facts.error)
                return None
            name = ".".join(parts[split:])
            found = self.module_wrappers(module).get(name)
            if found is not None:
                return found
            head, _, rest = name.partition(".")  # a re-export (`from ._jit import filter_jit`)
            target = facts.exports.get(head)
            absolute = _absolute(target, module, facts.package) if target is not None else None
            if absolute is None:
                return None
            absolute = f"{absolute}.{rest}" if rest else absolute
            marker = self.markers.get(absolute)  # `from jax import jit as fast`: the marker itself
            return (marker, Options()) if marker is not None else self.applied(absolute)
        return None

    def module_wrappers(self, module: str) -> dict[str, Applied]:
        """The wrappers module `module` defines ("f" or "Class.method" -> what it applies)."""
        if module in self._wrappers:
            return self._wrappers[module]
        facts = self.facts(module)
        if facts is None or not facts.handoffs:
            return {}
        if module in self._inferring:  # its functions' callees lead back to it: no answer yet
            self._cuts += 1
            self.reasons.setdefault(module, f"{module}'s wrappers hand their callables back into {module} through other modules: that chain traces nothing by itself")
            return {}
        self._inferring.add(module)
        cuts = self._cuts
        try:
            found = infer(list(facts.handoffs), lambda step: self._known(step, module, facts.package), self.markers)
        finally:
            self._inferring.discard(module)
        if cuts == self._cuts:
            self._wrappers[module] = found
        return found

    def _known(self, step: Step, module: str, package: bool) -> Applied | None:
        """What a callee of a function of library module `module` applies: a marker's (or a
        library table's), else a wrapper's of the same library. Another library is not read on
        the way (a wrapper of a wrapper of another library is rare, and following every call a
        library makes into others would parse half the environment: flax's into rich)."""
        marker = self.markers.get(step.callee)
        if marker is not None:
            return handed_on(marker)
        if not step.imported:
            return None
        absolute = _absolute(step.callee, module, package)
        if absolute is None:
            return None
        if absolute.split(".", 1)[0] != module.split(".", 1)[0]:
            return handed_on_marker(self.markers, absolute)  # another library: its data only
        return self.applied(absolute)

    # -- reading modules ----------------------------------------------------------------
    def facts(self, module: str) -> ModuleFacts | None:
        """What library module `module` says (None: no such module with source on the path)."""
        if module in self._facts:
            return self._facts[module]
        self._facts[module] = None
        located = self._locate(module)
        if located is None or located[0] is None:
            if located is not None:  # a namespace package: no file of its own
                self._facts[module] = ModuleFacts(package=True)
            return self._facts[module]
        origin = located[0]
        distribution = self.distribution(module.split(".", 1)[0])
        kept = self._kept_of(distribution).get(module) if distribution is not None else None
        facts = None
        if kept is not None:
            try:
                facts = ModuleFacts.from_data(kept)
            except (TypeError, ValueError, KeyError):
                facts = None  # not what this acclint writes: parse again
        if facts is None:
            facts = _read(origin, module, distribution)
            if distribution is not None:
                self._kept_of(distribution)[module] = facts.to_data()
                self._dirty.add(distribution)
        if facts.error is not None:
            self.reasons.setdefault(module, facts.error)
        self._facts[module] = facts
        return facts

    def _locate(self, module: str) -> tuple[str | None, list[str]] | None:
        """The source file of `module` (None for a namespace package) and the folders of its
        submodules (its `__path__`), found on the path as the import system would find them,
        from the file system alone: nothing is imported."""
        if module not in self._located:
            parent, _, name = module.rpartition(".")
            above = self._locate(parent) if parent else (None, self.path)
            self._located[module] = _find(name, above[1]) if above is not None else None
        return self._located[module]

    # -- versions and the cache ---------------------------------------------------------
    def distribution(self, top: str) -> Distribution | None:
        """The distribution that installs the top-level package `top`, from the metadata on
        the path: the one named as the package (found by its folder's name, reading no other
        metadata), else the one whose `top_level.txt` or `RECORD` lists it (`dm-haiku`'s
        `haiku`: every distribution's files read, once a run, only where a name does not match)."""
        if top in self._distributions:
            return self._distributions[top]
        found = None
        for dist in _distributions(self.path, name=top):
            found = Distribution(dist.metadata["Name"] or top, dist.version or "")
            break
        if found is None and not self._recorded:
            self._recorded = True
            for dist in _distributions(self.path):
                tops = (dist.read_text("top_level.txt") or "").split()
                tops += [f.parts[0] for f in dist.files or () if len(f.parts) > 1 and not f.parts[0].endswith((".dist-info", ".egg-info", ".data"))]
                for t in set(tops):
                    if t not in self._listed:
                        self._listed[t] = Distribution(dist.metadata["Name"] or t, dist.version or "")
        self._distributions[top] = found = found or self._listed.get(top)
        return found

    def _cache_file(self, distribution: Distribution) -> Path | None:
        if self.store is None:
            return None
        safe = re.sub(r"[^A-Za-z0-9_.+-]", "_", f"{distribution.name}-{distribution.version}-{acclint.__version__}")
        return self.store / f"{safe}.json"

    def _kept_of(self, distribution: Distribution) -> dict[str, list]:
        """The parsed modules the cache keeps of this library version (read once a run)."""
        if distribution not in self._kept:
            kept: dict = {}
            file = self._cache_file(distribution)
            if file is not None:
                try:
                    if file.is_file() and file.stat().st_size < 64 << 20:
                        data = json.loads(file.read_text("utf-8"))
                        if isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("modules"), dict):
                            kept = data["modules"]
                except (OSError, ValueError):
                    kept = {}  # a cache that cannot be read is as good as none
            self._kept[distribution] = kept
        return self._kept[distribution]

    def save(self) -> None:
        """Write each library version's parsed modules that this run added (atomically; a
        cache that cannot be written is skipped)."""
        for distribution in sorted(self._dirty, key=lambda d: (d.name, d.version)):
            file = self._cache_file(distribution)
            if file is None:
                continue
            data = {"format": FORMAT, "distribution": distribution.name, "version": distribution.version, "modules": self._kept[distribution]}
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
                handle, temporary = tempfile.mkstemp(dir=file.parent, suffix=".tmp")
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(data, out)
                os.replace(temporary, file)
            except OSError:
                continue
        self._dirty.clear()


def handed_on_marker(markers: MarkerTable, qualified: str) -> Applied | None:
    """What a marker of the data named `qualified` makes a function handing it its callable."""
    marker = markers.get(qualified)
    return handed_on(marker) if marker is not None else None


def _find(name: str, folders: Sequence[str]) -> tuple[str | None, list[str]] | None:
    """Where the import system finds module `name` in `folders` (importlib's `FileFinder`
    order: a package folder, then a compiled extension, then a `.py` file; folders without
    `__init__.py` are the portions of a namespace package): its source file and submodule
    folders, or None (not there, or compiled: no source to read)."""
    portions = []
    for folder in folders:
        base = os.path.join(folder, name)
        if os.path.isfile(os.path.join(base, "__init__.py")):
            return os.path.join(base, "__init__.py"), [base]
        if any(os.path.isfile(base + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            return None
        if os.path.isfile(base + ".py"):
            return base + ".py", []
        if os.path.isdir(base):
            portions.append(base)
    return (None, portions) if portions else None


def _distributions(path: list[str], **name):
    try:
        return list(importlib.metadata.distributions(path=path, **name))
    except (OSError, ValueError):
        return []


def _normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _absolute(qualified: str, module: str, package: bool) -> str | None:
    """A name as library module `module` spells it (`._jit.filter_jit`), made absolute."""
    if not qualified.startswith("."):
        return qualified
    dots = len(qualified) - len(qualified.lstrip("."))
    base = module.split(".") if package else module.split(".")[:-1]
    if dots - 1 > len(base) or dots - 1 == len(base):
        return None
    base = base[: len(base) - (dots - 1)]
    rest = qualified[dots:]
    return ".".join([*base, rest]) if rest else ".".join(base)


def _read(origin: str, module: str, distribution: Distribution | None) -> ModuleFacts:
    """The facts of one library module file, read as text and parsed with `ast` (never run)."""
    package = os.path.basename(origin) == "__init__.py"
    owner = f"{distribution.name} {distribution.version}" if distribution is not None else module.split(".", 1)[0]
    try:
        with open(origin, "rb") as handle:
            source = handle.read()
        tree = ast.parse(source, origin)
    except OSError as exc:
        return ModuleFacts(error=f"{owner}'s {origin} cannot be read ({exc.strerror or exc}): its names are no wrappers", package=package)
    except SyntaxError as exc:
        return ModuleFacts(error=f"{owner}'s {origin} does not parse ({exc.msg}, line {exc.lineno}): its names are no wrappers", package=package)
    except (ValueError, RecursionError, MemoryError) as exc:
        return ModuleFacts(error=f"{owner}'s {origin} cannot be parsed ({type(exc).__name__}): its names are no wrappers", package=package)
    table = ImportTable()
    for statement in tree.body:
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                table.bind_import(alias.name, alias.asname)
        elif isinstance(statement, ast.ImportFrom):
            names = [(a.name, a.asname) for a in statement.names]
            if names != [("*", None)]:
                table.bind_import_from("." * statement.level + (statement.module or ""), names)
    exports = {name: table.resolve_dotted(name) for name in table.bound_names()}
    try:
        handoffs = hand_offs(tree)
    except RecursionError:
        return ModuleFacts(exports, (), f"{owner}'s {origin} is nested too deeply to read: its functions are no wrappers", package)
    return ModuleFacts(exports, handoffs, None, package)
