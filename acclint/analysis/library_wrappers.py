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
from acclint.analysis.wrappers import Applied, HandOff, Step, describe, handed_on, hand_offs, infer, unwrapped_reasons
from acclint.frameworks.markers import Marker, MarkerTable

FORMAT = 2  # bump when what a cache file holds changes
# Passes over a library's modules before their wrappers are taken as they stand (each pass that
# changes anything adds a wrapped parameter or a stronger marker; this only bounds pathologies).
MAX_PASSES = 16


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
    """The installed distribution a top-level package comes from, as its metadata names it:
    what the cache of its parsed modules is kept under."""

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
        self.asked: dict[str, None] = {}  # the names asked about, in order (`report`)
        self._found: dict[tuple[str, str], Applied] = {}  # (module, "f" or "Class.method") -> a wrapper's
        self._solved: set[str] = set()  # modules whose wrappers are worked out
        self._facts: dict[str, ModuleFacts | None] = {}
        self._located: dict[str, tuple[str | None, list[str]] | None] = {}
        self._distributions: dict[str, Distribution | None] = {}  # top-level package -> its distribution
        self._listed: dict | None = None  # top-level package -> the installed distribution listing it
        self._unlisted: list = []  # distributions without a `top_level.txt`, their RECORDs not read yet
        self._kept: dict[Distribution, dict[str, list]] = {}  # what each library's cache file holds
        self._dirty: set[Distribution] = set()

    # -- asking -------------------------------------------------------------------------
    def applied(self, qualified: str) -> Applied | None:
        """What calling the library function (or `Class.method`) `qualified` applies to the
        functions it is given, if it is a wrapper; None for anything else or not read."""
        if not self.readable(qualified):
            return None
        self.asked.setdefault(qualified)
        target = self._defined(qualified)
        if target is None or isinstance(target[0], Marker):
            return target
        module, name = target
        self._solve(module)
        return self._found.get((module, name))

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

    def _defined(self, qualified: str):
        """Where `qualified` is defined: (module, name) in a library module that parses, following
        re-exports (`from ._jit import filter_jit`), or the marker it re-exports (`from jax
        import jit as fast`: the marker itself, with no options), or None."""
        seen: set[str] = set()
        while qualified not in seen:
            seen.add(qualified)
            if self.facts(qualified) is not None:
                return None  # a module (`import equinox.internal as eqxi`), no function
            parts = qualified.split(".")
            for split in range(len(parts) - 1, 0, -1):  # the longest prefix that is a module
                module = ".".join(parts[:split])
                facts = self.facts(module)
                if facts is not None:
                    break
            else:
                return None
            if facts.error is not None:
                self.reasons.setdefault(qualified, facts.error)
                return None
            name = ".".join(parts[split:])
            head, _, rest = name.partition(".")
            target = facts.exports.get(head)
            absolute = _absolute(target, module, facts.package) if target is not None else None
            if absolute is None:
                return module, name
            qualified = f"{absolute}.{rest}" if rest else absolute
            marker = self.markers.get(qualified)
            if marker is not None:
                return marker, Options()
            if not self.readable(qualified):
                return None
        self.reasons.setdefault(qualified, f"{qualified} leads back to itself through re-exports (or to a compiled module, which has no source): no wrapper")
        return None

    def _solve(self, module: str) -> None:
        """Infer the wrappers of `module` and of every module of its library its functions'
        hand-offs lead to, to a fixpoint across them (as the project's files are: each pass
        only adds a wrapped parameter or a stronger marker, so a chain that comes back to where
        it started, or a function handing its callable to itself, adds nothing and ends)."""
        if module in self._solved:
            return
        pending = [module]
        for _ in range(MAX_PASSES):
            changed, reached = False, len(pending)
            for current in list(pending):
                facts = self.facts(current)
                if facts is None or facts.error is not None or not facts.handoffs:
                    continue
                known = lambda step, current=current, package=facts.package: self._known(step, current, package, pending)  # noqa: E731
                for name, applied in infer(list(facts.handoffs), known, self.markers).items():
                    if self._found.get((current, name)) != applied:
                        self._found[(current, name)] = applied
                        changed = True
            if not changed and len(pending) == reached:
                break
        self._solved.update(pending)

    def _known(self, step: Step, module: str, package: bool, pending: list[str]) -> Applied | None:
        """What a callee of a function of library module `module` applies, as far as this pass
        knows: a marker's (or a library table's), else a wrapper's of the same library (whose
        module joins the fixpoint). Another library is not read on the way: a wrapper of another
        library's wrapper is rare, and following every call a library makes into others would
        parse half the environment (flax's into rich)."""
        marker = self.markers.get(step.callee)
        if marker is not None:
            return handed_on(marker)
        if not step.imported:
            return None
        absolute = _absolute(step.callee, module, package)
        if absolute is None:
            return None
        if absolute.split(".", 1)[0] != module.split(".", 1)[0] or not self.readable(absolute):
            return None  # another library: its data only (asked above, by the name spelled)
        target = self._defined(absolute)
        if target is None:
            return None
        if isinstance(target[0], Marker):
            return handed_on(target[0])
        if target[0] not in self._solved and target[0] not in pending:
            pending.append(target[0])
        return self._found.get(target)

    def report(self) -> list[str]:
        """A line for each name asked about that is a wrapper, and for each that hands a
        callable on but is none, saying why (`acclint check --show-wrappers`)."""
        handing: dict[str, list[HandOff]] = {}
        module_of: dict[str, str] = {}
        for module in sorted(self._solved):
            facts = self.facts(module)
            for h in facts.handoffs if facts is not None else ():
                handing.setdefault(f"{module}.{h.function}", []).append(h)
                module_of[f"{module}.{h.function}"] = module

        def callee_of(key: str, step: Step) -> str | None:
            module = module_of[key]
            if not step.imported:
                return f"{module}.{step.callee}"
            absolute = _absolute(step.callee, module, self.facts(module).package)
            target = self._defined(absolute) if absolute is not None and self.readable(absolute) else None
            return f"{target[0]}.{target[1]}" if target is not None and not isinstance(target[0], Marker) else None

        why = unwrapped_reasons(handing, lambda key: (module_of[key], key[len(module_of[key]) + 1:]) in self._found, callee_of)
        lines = []
        for qualified in self.asked:
            found = self.applied(qualified)
            target = self._defined(qualified)
            where = f"{target[0]}.{target[1]}" if target is not None and not isinstance(target[0], Marker) else qualified
            if found is not None:
                lines.append(f"wrapper: {qualified} ({self._owner(qualified)}): {describe(found)}")
            elif qualified in self.reasons:
                lines.append(f"no wrapper: {qualified}: {self.reasons[qualified]}")
            elif where in why:
                lines.append(f"no wrapper: {qualified} ({self._owner(qualified)}): {where} {why[where]}")
        return lines

    def _owner(self, qualified: str) -> str:
        distribution = self.distribution(qualified.split(".", 1)[0])
        return f"installed {distribution.name} {distribution.version}" if distribution is not None else "installed, version unknown"

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
        metadata), else the one whose `top_level.txt` lists it (`PyYAML`'s `yaml`), else, for
        distributions without that file, the one whose `RECORD` lists its files (read once a
        run, and only where the cheaper answers fail)."""
        if top in self._distributions:
            return self._distributions[top]
        found = next(iter(_distributions(self.path, name=top)), None)
        if found is None and self._listed is None:
            self._listed, self._unlisted = {}, []
            for dist in _distributions(self.path):
                tops = (dist.read_text("top_level.txt") or "").split()
                for t in tops:
                    self._listed.setdefault(t, dist)
                if not tops:
                    self._unlisted.append(dist)
        if found is None:
            found = self._listed.get(top)
        if found is None and self._unlisted:
            for dist in self._unlisted:
                for file in dist.files or ():
                    if len(file.parts) > 1 and not file.parts[0].endswith((".dist-info", ".egg-info", ".data")):
                        self._listed.setdefault(file.parts[0], dist)
            self._unlisted = []
            found = self._listed.get(top)
        answer = Distribution(found.metadata["Name"] or top, found.version or "") if found is not None else None
        self._distributions[top] = answer
        return answer

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
        table.bind_statement(statement)
    exports = {name: table.resolve_dotted(name) for name in table.bound_names()}
    try:
        handoffs = hand_offs(tree)
    except RecursionError:
        return ModuleFacts(exports, (), f"{owner}'s {origin} is nested too deeply to read: its functions are no wrappers", package)
    return ModuleFacts(exports, handoffs, None, package)
