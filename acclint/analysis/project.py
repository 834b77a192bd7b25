"""Project-wide contexts: which functions of one linted file are traced from another.

The layer above the per-module analysis (a cheap index of the project first, then the reach
of contexts across it, so that only files that may hold a context are analysed). The index is the dotted module name of every linted file, worked out from
its path alone (package `__init__.py` files, or a script's directory), so building it reads no
file. The reach is a fixpoint: each file that may hold a context is analysed; every call its
traced functions make to an imported function of the project, and every imported function it
hands to a marker, becomes a `Seed` for the file that defines the function (through package
`__init__` re-exports too); that file is analysed with its seeds, which may reach further, and
what a reached function returns to a call, where it holds tracers, goes back to the calling
file as a `Returned` seed, which is analysed again with it. What the names a file imports from
the project declare static (string constants, value enums, static fields: acclint.analysis.
declared, kept in the index), and the objects its imported functions return where the data know
the call making them (acclint.analysis.returned_makers), are an `Imported` seed of that file.
What a file's calls pass the project's functions goes to the defining file too, reaching nothing:
compiled callables (`Passed`, acclint.analysis.passed) and the classes of objects (`CallSite`,
acclint.analysis.call_sites).
Only files that hold a context or a reached function are parsed with libcst; every other file is
only screened by the front end (acclint.parse.frontend), whose `ast` tree also gives the
project index (`FileIndex`: top-level functions and classes, module-level imports, what the
top level declares static, and the calls its functions return the objects of).

What a file contributes depends only on its bytes, its module name, the seeds it receives and
the answers `in_project` gives the analysis for the names the file's traced code calls, so with
`Summaries` (acclint.run.cache keeps them between runs) a file's verdict, index and outgoing
seeds are kept per version of the file, with those answers: after an edit, the fixpoint replays
from them and analyses only the edited file, the files whose incoming seeds changed, and the
files that asked about a module that came or went (a new file that nothing imports costs its
own screening and analysis alone).
"""

from __future__ import annotations

import ast
import hashlib
from collections import deque
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping, Protocol

import libcst as cst

from acclint.analysis.declared import Declared
from acclint.analysis.def_facts import DefFacts
from acclint.analysis.returned_makers import Made, returned_makers
from acclint.analysis.facts import value_facts
from acclint.analysis.footprint import Footprint
from acclint.analysis.library_wrappers import InstalledLibraries
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.names import ImportTable
from acclint.analysis.project_wrappers import ask_libraries, wrapper_seeds
from acclint.analysis.reach import (
    CallSite, Imported, Passed, Returned, Seed, Stale, kinds_from_data, kinds_to_data, passed_from_data, passed_to_data, returned_name, returned_of, seed_from_data,
    seed_to_data,
)
from acclint.analysis.wrappers import PARTIAL, HandOff, ModuleWalk, Wrappers, hand_offs_of
from acclint.analysis.taint import ReturnKinds
from acclint.common.collector import collection_paused
from acclint.common.digests import canonical, canonical_digest
from acclint.common.refused import Refused
from acclint.files.module_names import module_name
from acclint.files.sources import read_source
from acclint.frameworks.markers import CACHED, MarkerTable
from acclint.parse.frontend import Screened, parse_module, screen
from acclint.analysis.worth_parsing import worth_parsing

# A file is analysed again when its seeds grow; past this many analyses its seeds stop growing
# (a bound for pathological mutual recursion across modules).
MAX_ANALYSES = 8


class Summaries(Protocol):
    """Where a project keeps each file's facts between runs (acclint.run.cache): a dict per
    file version, which the project fills in (plain JSON data) and the store saves."""

    def summary(self, path: str, content: str) -> dict: ...


@dataclass(frozen=True)
class FileIndex:
    """What other modules can import from a file: its top-level functions and classes, what
    its module-level imports bind (`from .m import f` in a package `__init__` re-exports `f`),
    what its top level declares static (acclint.analysis.declared) and what its functions hand
    their parameters to (acclint.analysis.wrappers), read off the `ast` tree; and the modules it
    star-imports (`from .module import *` in objax's `__init__`), followed for wrappers alone
    (`Project.resolve_handing`)."""

    functions: frozenset[str] = frozenset()
    exports: dict[str, str] = field(default_factory=dict)  # local name -> what it resolves to
    classes: frozenset[str] = frozenset()
    declared: Declared = Declared()
    handoffs: tuple[HandOff, ...] = ()
    # module-level function -> the calls whose objects it returns (acclint.analysis.returned_makers)
    returns: dict[str, Made] = field(default_factory=dict)
    stars: tuple[str, ...] = ()  # the modules `from module import *` names, relative dots kept
    # top-level function -> its outermost decorator, its names spelt as what they resolve to
    # (`functools.partial(jax.jit, static_argnums=1)`): a module importing the function calls
    # what that decorator made (`Imported.compiled`)
    decorated: dict[str, str] = field(default_factory=dict)
    # each of those decorated functions -> what its def says of the key a compiled callable made
    # of it has (acclint.analysis.def_facts): its parameters, those its body specialises
    bodies: dict[str, DefFacts] = field(default_factory=dict)
    # The words its code spells (acclint.analysis.wrappers.ModuleWalk.spelled), for `worth_parsing`;
    # None where not known (an index read from a summary, a module too deeply nested to walk).
    spelled: frozenset[str] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, tree: ast.Module) -> FileIndex:
        functions = frozenset(s.name for s in tree.body if type(s) is ast.FunctionDef or type(s) is ast.AsyncFunctionDef)
        classes = frozenset(s.name for s in tree.body if type(s) is ast.ClassDef)
        table = ImportTable()
        for statement in tree.body:
            table.bind_statement(statement)
        bound = table.bound_names()
        exports = {name: table.resolve(cst.Name(name)) for name in bound}
        resolve = lambda name: table.resolve_dotted(name) if name.partition(".")[0] in bound else None  # noqa: E731
        walk = ModuleWalk(tree)  # one walk for the hand-offs, the words spelled and the returned makers (no recursion)
        try:
            handoffs, spelled = hand_offs_of(walk), walk.spelled()
        except RecursionError:
            handoffs, spelled = (), None  # nested too deeply to read: its functions are simply no wrappers
        try:
            returns = returned_makers(tree, walk.own, resolve)
        except RecursionError:
            returns = {}  # a chain too deep to read: what its functions return is simply not known
        stars = tuple(
            "." * s.level + (s.module or "") for s in tree.body if type(s) is ast.ImportFrom and [a.name for a in s.names] == ["*"]
        )
        decorated = {
            s.name: ast.unparse(_QualifiedNames(table.resolve_dotted, bound).visit(s.decorator_list[0]))
            for s in tree.body if type(s) is ast.FunctionDef and s.decorator_list
        }
        bodies = {s.name: DefFacts.of(s, resolve) for s in tree.body if type(s) is ast.FunctionDef and s.decorator_list}
        return cls(
            functions, exports, classes, Declared.of(tree, table.resolve_dotted, value_facts().static_field_calls), handoffs, returns,
            stars, decorated, bodies, spelled,
        )

    def to_data(self) -> list:
        return [
            sorted(self.functions), self.exports, sorted(self.classes), self.declared.to_data(), [h.to_data() for h in self.handoffs],
            {name: [list(m) for m in made] for name, made in sorted(self.returns.items())}, list(self.stars), self.decorated,
            {name: facts.to_data() for name, facts in self.bodies.items()},
        ]

    @classmethod
    def from_data(cls, data: list) -> FileIndex:
        functions, exports, classes, declared, handoffs, returns, stars, decorated, bodies = data
        return cls(
            frozenset(functions), dict(exports), frozenset(classes), Declared.from_data(declared),
            tuple(HandOff.from_data(h) for h in handoffs),
            {name: tuple((maker, chained) for maker, chained in made) for name, made in returns.items()}, tuple(stars),
            decorated=dict(decorated), bodies={name: DefFacts.from_data(facts) for name, facts in bodies.items()},
        )

    @classmethod
    def sound(cls, data) -> bool:
        """Whether `data` is an index as `to_data` writes it: every part of the type it is
        written as, and decoded and encoded again it reads back as itself. Kept beside the two
        codecs so that a part added to them is checked too (a summary store read from a cache
        drops an entry this refuses, acclint.run.summaries)."""
        try:
            functions, exports, classes, (strings, enums, fields), _, returns, stars, decorated, bodies = data
            return (
                cls.from_data(data).to_data() == data and only_strings(functions) and only_strings(exports)
                and all(v is None or isinstance(v, str) for v in exports.values()) and only_strings(classes)
                and only_strings(strings) and only_strings(enums) and only_strings(fields) and all(only_strings(v) for v in fields.values())
                and only_strings(returns) and only_strings(stars) and isinstance(decorated, dict) and only_strings(decorated)
                and only_strings(decorated.values()) and isinstance(bodies, dict) and only_strings(bodies)
                and all(DefFacts.sound(facts) for facts in bodies.values())
            )
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            return False


def only_strings(values) -> bool:
    """Whether every item of `values` is a str (a cached summary's names, checked before use)."""
    return all(isinstance(v, str) for v in values)


class _QualifiedNames(ast.NodeTransformer):
    """Spells each name a module imports as what it resolves to (`jit` -> `jax.jit`)."""

    def __init__(self, resolve_dotted: Callable[[str], str | None], bound: frozenset[str]) -> None:
        self.resolve_dotted = resolve_dotted
        self.bound = bound

    def visit_Name(self, node: ast.Name) -> ast.Name:
        qualified = self.resolve_dotted(node.id) if node.id in self.bound else None
        return ast.Name(qualified, node.ctx) if qualified else node


@lru_cache(maxsize=1 << 14)
def _canonical_seed(seed) -> tuple:
    """A seed's canonical form, once per seed: a parallel run's dry runs of the reach
    (`Project.missing`, once per round) order and key the same seeds again each round, and
    walking a seed's dataclasses was most of the parent's work there."""
    return canonical(seed)


def _order(seed) -> str:
    """The order a file's seeds are given in (and keyed by): the text of their canonical form,
    which orders any two (the canonical tuples themselves do not: a seed with a call and one
    without, equal up to there, compare a tuple with None)."""
    return repr(_canonical_seed(seed))


def read_bytes(path: str) -> bytes:
    """A file's source as every entry point lints it: a notebook is its code cells, never its
    JSON (which is often valid Python: a dict literal, analysed for nothing or, worse, reused by
    a lint of the file that reads it right)."""
    source = read_source(path)
    if not path.endswith(".ipynb"):
        return source
    from acclint.files.notebooks import read_notebook  # json and friends: for notebooks only

    return read_notebook(source).module


def _spells(path: Path, parts: list[str]) -> bool:
    """Whether `path` (a module's file) sits where the dotted name `parts` says."""
    components = path.resolve().with_suffix("").parts
    if components and components[-1] == "__init__":
        components = components[:-1]
    return list(components[-len(parts):]) == parts


class Project:
    """The linted files, by module name, and the seeds their traced functions give each other.

    `summaries`: where each file's facts are kept between runs (acclint.run.cache), or None.
    `digests`: the SHA-256 of each file's bytes where the caller has them already.
    `library_store`: the folder keeping what installed libraries' modules hand on between runs
    (acclint.analysis.library_wrappers; None: kept for this run only); `libraries`: those
    already read by an earlier project of the same markers (the language server's), instead.
    `objects_read`: whether some reader looks the class of an object up (acclint.run.registry
    `objects_read`); a `CallSite` seed carries only those classes to the module it calls (None:
    every class)."""

    def __init__(
        self,
        files: list[str],
        markers: MarkerTable,
        pedantic: bool = False,
        read: Callable[[str], bytes] | None = None,
        summaries: Summaries | None = None,
        digests: Mapping[str, str | None] | None = None,
        library_store: Path | None = None,
        libraries: InstalledLibraries | None = None,
        objects_read: Callable[[str], bool] | None = None,
    ) -> None:
        self.markers = markers
        self.objects_read = objects_read
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
        self._screened: dict[str, Screened] = {}
        self._index: dict[str, FileIndex] = {}
        # The last analysis of each file and the seeds it had: the lint pass reuses it when
        # the seeds did not grow since.
        self._analyses: dict[str, tuple[tuple[Seed, ...], ModuleAnalysis]] = {}
        self._summaries = summaries
        self._digests = dict(digests or {})
        self.analysed: list[str] = []  # the files analysed with libcst this run, in order
        # In a dry run of the reach (`missing`), the analyses it would make, noted, not made.
        self._missing: list[tuple[str, tuple[Seed | Returned, ...]]] | None = None
        # The wrappers each file uses, what each file's imports declare static, where each
        # imported name resolves (and whether it is the project's), and what each kept outgoing
        # decodes to, worked out once a run: they depend only on the files' bytes and module
        # names, and a parallel run works out the reach once a round (acclint.run.jobs).
        self._wrappers: dict[str, Wrappers] | None = None
        self._wrapper_words: frozenset[str] = frozenset()
        self._looked_up: set[str] = set()
        self._in_project: dict[str, bool] = {}
        self._imported: dict[str, Imported] = {}
        self._resolved: dict[tuple[str, str], tuple[str, str] | None] = {}
        self._kept: dict[tuple[str, str], tuple[list[tuple[str, Seed]], dict[Seed, ReturnKinds]]] = {}
        # The wrappers of the installed libraries the files import (read, never imported).
        self.libraries = libraries or InstalledLibraries(markers, store=library_store)
        self.libraries.in_project = self.in_project

    # -- the index ------------------------------------------------------------------------
    def in_project(self, qualified: str) -> bool:
        """Whether `qualified` may name something in a linted module (cheap, no parsing)."""
        found = self._in_project.get(qualified)
        if found is None:
            parts = qualified.split(".")
            found = self._in_project[qualified] = qualified.startswith(".") or any(self._has(".".join(parts[:i])) for i in range(1, len(parts)))
        return found

    def _has(self, module: str) -> bool:
        """Whether some file is module `module`: the one way the reach learns the project's
        module names, each looked up noted (`footprint`)."""
        self._looked_up.add(module)
        return module in self.paths

    def footprint(self) -> Footprint:
        """What the reach worked out so far looked at (acclint.analysis.footprint): the module
        names it looked up, and the last names of the project's wrappers."""
        return Footprint(frozenset(self._looked_up), self._wrapper_words)

    def resolve(self, qualified: str, importer: str) -> tuple[str, str] | None:
        """The (file, function name) an imported qualified name refers to, or None. A name
        ending in `.__call__` is a call of an instance of a class (a submodule's call): its
        class is looked up, and the name is `Class.__call__`; or of the instance a function
        makes (`torch.compile(build_model())`), `build_model.__call__`, which that file's
        analysis follows to the class (`ContextAnalysis.seeded`). A name `make.return[1]`
        (acclint.analysis.reach.returned_name) is what the function `make` returns, which that
        file's analysis follows to the functions its `return`s name."""
        key = (qualified, importer)
        if key not in self._resolved:
            head, dot, method = qualified.rpartition(".")
            returned = returned_of(qualified)
            if returned is not None:  # what a function returns: `make.return[1]`, its file's to find
                found = self._find(returned[0], importer, lambda index, name: name in index.functions)
                self._resolved[key] = None if found is None else (found[0], f"{found[1]}.{returned_name(returned[1])}")
            elif method == "__call__" and dot:
                found = self._find(head, importer, lambda index, name: name in index.classes or name in index.functions)
                self._resolved[key] = None if found is None else (found[0], f"{found[1]}.__call__")
            else:
                self._resolved[key] = self._find(qualified, importer, lambda index, name: name in index.functions)
        return self._resolved[key]

    def resolve_method(self, qualified: str, importer: str) -> tuple[str, str] | None:
        """The (file, `Class.method`) a qualified `...Class.method` refers to: a bound method
        handed to a marker (`jax.jit(env.step)`, `env` an instance of an imported class), or a
        base's `self.method(...)` run on an instance of a subclass of another module (a seed's
        `receiver`). Whether the class has such a method, its own or inherited, is that
        file's analysis to say (`ContextAnalysis.seeded`)."""
        key = (f"{qualified}()", importer)  # no qualified name ends in `()`: apart from `resolve`'s
        if key not in self._resolved:
            head, dot, method = qualified.rpartition(".")
            found = self._find(head, importer, lambda index, name: name in index.classes) if dot and method != "__call__" else None
            self._resolved[key] = None if found is None else (found[0], f"{found[1]}.{method}")
        return self._resolved[key]

    def resolve_handing(self, qualified: str, importer: str) -> tuple[str, str] | None:
        """The (file, name) an imported qualified name refers to where that file's hand-offs
        (acclint.analysis.wrappers) are of that name: a function, a class keeping a callable,
        or a module-level name bound to one (`fixpoint_iter_backprop = jax.custom_vjp(...)`);
        also through a package's star imports (`objax.Jit`, which objax's `__init__` has by `from
        .module import *`). Only wrappers follow star imports: the reach through them brought
        findings on kornia not shown real (stop 43)."""
        return self.resolve(qualified, importer) or self._find(
            qualified, importer, lambda index, name: name in index.functions or any(h.function == name for h in index.handoffs), stars=True,
        )

    def star_modules(self, module: str, importer: str, depth: int = 0) -> list[str]:
        """The modules whose names `module` has through its star imports, to any depth (at most
        8), absolute: `objax.module` for `objax`."""
        found: list[str] = []
        for path in self._candidates(module, importer) if depth <= 8 else ():
            for star in self.index_of(path).stars:
                absolute = self.absolute(star, path)
                if absolute is not None and absolute not in found:
                    found += [absolute, *(m for m in self.star_modules(absolute, path, depth + 1) if m not in found)]
        return found

    def _find(
        self, qualified: str, importer: str, defines: Callable[[FileIndex, str], bool], depth: int = 0, stars: bool = False,
    ) -> tuple[str, str] | None:
        """The (file, name) an imported qualified name refers to where that file `defines`
        it, following package `__init__` re-exports (by name; with `stars`, through `import *`
        too), or None."""
        if depth > 8:
            return None
        absolute = self.absolute(qualified, importer)
        if absolute is None:
            return None
        module, _, name = absolute.rpartition(".")
        for path in self._candidates(module, importer):
            index = self.index_of(path)
            if defines(index, name):
                return path, name
            exports = index.exports
            if name in exports and exports[name] is not None:  # a package `__init__` re-exporting it
                return self._find(exports[name], path, defines, depth + 1, stars)
            for star in index.stars if stars and not name.startswith("_") else ():
                found = self._find(f"{star}.{name}" if star.strip(".") else star + name, path, defines, depth + 1, stars)
                if found is not None:
                    return found
        return None

    def imported(self, path: str) -> Imported:
        """What the names `path` imports at module level from the project declare static: a
        constant or enum imported by name, the static fields of a class imported by name, and
        all of these of a module imported whole (`from pkg import common`); and the objects
        the functions it imports return, where a call the data know the objects of makes them
        (`Imported.made`: `data.load(path)` returning a `tf.data.TFRecordDataset`)."""
        if path not in self._imported:
            self._imported[path] = self._declared_imports(path)
        return self._imported[path]

    def _declared_imports(self, path: str) -> Imported:
        strings: set[str] = set()
        enums: set[str] = set()
        fields: set[str] = set()
        made: set[tuple[str, str, bool]] = set()  # only what the data know the objects of
        compiled: set[tuple[str, str]] = set()  # (the function as the module spells it, its decorator)
        bodies: set[tuple[str, str, DefFacts]] = set()  # and what its def says of the key (`Imported.bodies`)
        makers = self.markers.instances
        declares = lambda index, name: name in index.declared.strings or name in index.declared.enums or name in index.declared.static_fields  # noqa: E731
        for qualified in self.index_of(path).exports.values():
            if qualified is None or not self._names_project(qualified):
                continue
            absolute = self.absolute(qualified, path)
            modules = self._candidates(absolute, path) if absolute is not None else []
            if modules:  # a module of the project, imported whole
                declared = self.index_of(modules[0]).declared
                strings.update(f"{qualified}.{name}" for name in declared.strings)
                enums.update(f"{qualified}.{name}" for name in declared.enums)
                fields |= declared.all_static_fields()
                made.update(
                    (f"{qualified}.{fn}", maker, chained)
                    for fn, calls in self.index_of(modules[0]).returns.items() for maker, chained in calls if maker in makers
                )
                compiled.update(
                    (f"{qualified}.{fn}", spelt) for fn, spelt in self.index_of(modules[0]).decorated.items() if self._caches(spelt)
                )
                bodies.update(self._bodies(modules[0], qualified + ".{}", list(self.index_of(modules[0]).decorated)))
                continue
            decorated = self._find(qualified, path, lambda index, name: name in index.decorated)
            if decorated is not None:
                spelt = self.index_of(decorated[0]).decorated[decorated[1]]
                if self._caches(spelt):
                    compiled.add((qualified, spelt))
                bodies.update(self._bodies(decorated[0], qualified, [decorated[1]]))
            returning = self._find(qualified, path, lambda index, name: name in index.returns)
            if returning is not None:
                made.update(
                    (qualified, maker, chained) for maker, chained in self.index_of(returning[0]).returns[returning[1]] if maker in makers
                )
            found = self._find(qualified, path, declares)
            if found is None:
                continue
            declared = self.index_of(found[0]).declared
            if found[1] in declared.strings:
                strings.add(qualified)
            if found[1] in declared.enums:
                enums.add(qualified)
            fields.update(declared.static_fields.get(found[1], ()))
        return Imported(frozenset(strings), frozenset(enums), frozenset(fields), frozenset(made), frozenset(compiled), frozenset(bodies))

    def _bodies(self, path: str, spelling: str, names: list[str]) -> list[tuple[str, str, DefFacts]]:
        """`Imported.bodies` of the decorated functions `names` of `path`, spelt by the importer
        as `spelling` formats each name: those compiled, and those with a `float` parameter
        (a custom op may be one); every other decorated function is left out of the seed."""
        index = self.index_of(path)
        return [
            (spelling.format(name), index.decorated[name], facts) for name in names
            if (facts := index.bodies.get(name)) is not None and (facts.floats or self._caches(index.decorated[name]))
        ]

    def _caches(self, spelt: str) -> bool:
        """Whether a decorator spelt with qualified names (`FileIndex.decorated`) applies a cached
        marker (`jax.jit`, `functools.partial(jax.jit, ...)`, `tensorflow.function(...)`), read
        off its head alone: most decorators (`contextlib.contextmanager`) are not."""
        head, _, rest = spelt.partition("(")
        if head in PARTIAL:
            head = rest.split(",")[0].split(")")[0].strip()
        marker = self.markers.get(head)
        return marker is not None and marker.kind == CACHED

    def _imports_decorated(self, path: str) -> bool:
        """Whether `path` imports a name of the project at module level (cheap: its index alone),
        before `imported` looks for the decorated functions among them."""
        return any(q is not None and self._names_project(q) for q in self.index_of(path).exports.values())

    def _names_project(self, qualified: str) -> bool:
        """Whether an imported name may be of the project: a name in one of its modules, or one
        of its modules itself (`import model`, a top-level module of the project)."""
        return self.in_project(qualified) or self._has(qualified)

    def absolute(self, qualified: str, importer: str) -> str | None:
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
        """Files named `module`, those beside the importer first (a script's `import utils`).
        A module of a namespace package (a directory without `__init__.py`: `maxtext.common.
        common_types` in `src/maxtext/common/`) is named by a tail of the dotted name alone:
        such a file counts where its path spells the whole name."""
        found = self.paths[module] if self._has(module) else []
        if not found and "." in module:
            parts = module.split(".")
            found = [
                path for k in range(1, len(parts)) if self._has(".".join(parts[k:])) for path in self.paths[".".join(parts[k:])]
                if _spells(Path(path), parts)
            ]
        here = self._directory.get(importer)
        return sorted(found, key=lambda p: self._directory[p] != here)

    # -- one file ---------------------------------------------------------------------------
    def digest_of(self, path: str) -> str | None:
        """The SHA-256 of the bytes of `path` (None: it cannot be read)."""
        if path not in self._digests:
            try:
                self._digests[path] = hashlib.sha256(self.read(path)).hexdigest()
            except (OSError, Refused):
                self._digests[path] = None
        return self._digests[path]

    def summary_of(self, path: str) -> dict | None:
        """What the summaries hold of this version of `path` (None without summaries)."""
        return self._summary(path)

    def forget(self, path: str) -> None:
        """Let the module and analysis of `path` go (a worker process, done with the file)."""
        self._modules.pop(path, None)
        self._analyses.pop(path, None)

    def _summary(self, path: str) -> dict | None:
        """The facts kept of this version of `path` (its bytes' digest), for adding to."""
        if self._summaries is None:
            return None
        key = self.digest_of(path)
        return None if key is None else self._summaries.summary(path, key)

    def screened(self, path: str, guard: bool = False) -> Screened:
        """The front end's verdict on `path` (`guard`: parse it even if its text names no
        marker, for a file reached from another, or to index it)."""
        found = self._screened.get(path)
        if found is None or not found.answers(guard):
            found = self._screened[path] = self._screen(path, guard)
        return found

    def _screen(self, path: str, guard: bool) -> Screened:
        summary = self._summary(path)
        if summary is not None and "screened" in summary:
            error, guarded, names_marker, spells_marker = summary["screened"]
            kept = Screened(Refused(error) if error is not None else None, guarded, names_marker, spells_marker)
            if kept.answers(guard):
                if "index" in summary:
                    self._index[path] = FileIndex.from_data(summary["index"])
                return kept
        try:
            source = self.read(path)
        except OSError as exc:
            return Screened(error=Refused(f"cannot read: {exc.strerror or exc}"), guarded=True)
        except Refused as exc:  # no valid notebook
            return Screened(error=exc, guarded=True)
        # The `ast` tree is acyclic and dropped here: no collection need scan it while it lives
        # (0.9 s of a 50,000-line file's screening).
        with collection_paused():
            found, tree = screen(source, self.markers, guard)
            indexed = tree is not None
            if indexed:
                self._index[path] = FileIndex.of(tree)
                found = replace(found, spelled=self._index[path].spelled)
            del tree
        if summary is not None:
            summary["screened"] = [
                str(found.error) if found.error is not None else None, found.guarded, found.names_marker, found.spells_marker,
            ]
            if indexed:
                summary["index"] = self._index[path].to_data()
        return found

    def index_of(self, path: str) -> FileIndex:
        """The top-level functions and module-level imports of `path` (empty if it cannot be
        parsed), from its `ast` tree."""
        found = self._index.get(path)
        if found is None:
            self.screened(path, guard=True)
            found = self._index.setdefault(path, FileIndex())
        return found

    def module(self, path: str) -> cst.Module | None:
        """The parsed module of `path` (parsed once a run), or None if it cannot be."""
        if path not in self._modules:
            self._modules[path] = None
            if self.screened(path, guard=True).error is None:
                try:
                    self._modules[path] = parse_module(self.read(path))
                except (OSError, Refused, cst.ParserSyntaxError, RecursionError):
                    pass
        return self._modules[path]

    # -- the reach --------------------------------------------------------------------------
    def seeds(self) -> dict[str, tuple[Seed | Returned | Imported | Wrappers, ...]]:
        """The seeds of every file some traced function of another file reaches, of every
        file a reached function returns tracers to, and of every file that may hold a context
        and imports names the project declares static."""
        seeds: dict[str, set[Seed | Returned | Imported | Wrappers]] = {}
        analyses: dict[str, int] = {}
        # What each file's reached functions return to each seed, and who sent those seeds:
        # (calling file, the name it calls, the seed as the reached file received it).
        returns: dict[str, dict[Seed, ReturnKinds]] = {}
        callers: dict[str, set[tuple[str, str, Seed]]] = {}
        # First in, first out: files with contexts first, then the files they reach, so that
        # a reached file collects the seeds of every caller before it is analysed.
        queue = deque(f for f in self.files if self.screened(f).names_marker)
        # Files using wrappers of other files (acclint.analysis.project_wrappers) are analysed
        # with them, whatever markers they name.
        if self._wrappers is None:
            self._wrappers, self._wrapper_words = wrapper_seeds(self, self.markers)
        for path, wrappers in self._wrappers.items():
            seeds.setdefault(path, set()).add(wrappers)
            if path not in queue:
                queue.append(path)
        # Files calling a decorated function of another file (`from model import train_step`)
        # are analysed for what their loops pass it (`Imported.compiled`), whatever they name.
        queue.extend(f for f in self.files if f not in queue and self._imports_decorated(f) and self.imported(f).compiled)
        self.libraries.save()
        queued = set(queue)

        def give(file: str, seed: Seed | Returned | Passed | CallSite | Stale) -> None:
            known = seeds.setdefault(file, set())
            if seed in known or analyses.get(file, 0) >= MAX_ANALYSES:
                return
            known.add(seed)
            if file not in queued:
                queued.add(file)
                queue.append(file)

        def answer(caller: str, qualified: str, file: str, seed: Seed) -> None:
            kinds = returns.get(file, {}).get(seed)
            if kinds is not None and seed.call is not None:
                give(caller, Returned(qualified, seed.call, kinds))

        while queue:
            path = queue.popleft()
            queued.discard(path)
            analyses[path] = analyses.get(path, 0) + 1
            if analyses[path] == 1:
                declared = self.imported(path)
                if declared != Imported():
                    seeds.setdefault(path, set()).add(declared)
            own = tuple(sorted(seeds.get(path, ()), key=_order))
            outgoing, returns[path] = self.outgoing(path, own)
            for qualified, seed in outgoing:
                if type(seed) is Passed or type(seed) is CallSite or type(seed) is Stale:  # what a call passes a function, or
                    # changes between its calls: no reach, nothing returned (a call site's callee may be a name its
                    # module binds to a marker applied to a function)
                    if type(seed) is CallSite and self.objects_read is not None and (seed := seed.keeping(self.objects_read)) is None:
                        continue  # no class any reader looks up: it changes no answer there
                    target = self.resolve(qualified, path) if type(seed) is not CallSite else self.resolve_handing(qualified, path)
                    if target is not None and target[0] != path:
                        give(target[0], replace(seed, function=target[1]) if type(seed) is not Stale else self._absolute_stale(seed, target[1], path))
                    continue
                # a method of a class: a bound method handed to a marker, a base's `self.m(...)`
                # on a subclass, a module's method a stored `apply_fn` runs (`method="decode"`)
                target = self.resolve(qualified, path) or (self.resolve_method(qualified, path) if seed.marker or seed.receiver or seed.call else None)
                if target is None or target == (path, seed.function):
                    continue
                file, name = target
                resolved = replace(seed, function=name)
                callers.setdefault(file, set()).add((path, qualified, resolved))
                give(file, resolved)
                answer(path, qualified, file, resolved)
            for caller, qualified, seed in sorted(callers.get(path, ()), key=_order):
                answer(caller, qualified, path, seed)
        return {path: tuple(sorted(found, key=_order)) for path, found in seeds.items()}

    def _absolute_stale(self, stale: Stale, function: str, caller: str) -> Stale:
        """`stale` for the function `function` of the module it names, its module attributes
        spelt absolute (`.cfg.SCALE` of a package's module as `pkg.cfg.SCALE`)."""
        written = tuple(sorted({found for name in stale.globals if (found := self.absolute(name, caller)) is not None}))
        return replace(stale, function=function, globals=written)

    def ask_ahead(self, path: str) -> None:
        """Ask now what working out the reach will ask of `path` alone that takes long: the
        installed libraries its wrappers may lead to (acclint.analysis.project_wrappers). A
        parallel run's parent asks of each file as its screening comes back from a worker, while
        the others are screened (acclint.run.jobs); the answers, kept, are the same."""
        ask_libraries(self, path)

    def missing(self) -> list[tuple[str, tuple[Seed | Returned | Imported | Wrappers, ...]]]:
        """The (file, seeds) analyses `seeds` would make, in its order: a dry run of it in which
        an analysis the summaries do not hold is noted, not made, and sends nothing out. The
        first is one `seeds` makes; those after it may not be (the files it would have reached
        miss the seeds it would have sent). A parallel run makes them all in its workers, then
        asks again, until none is missing (acclint.run.jobs)."""
        self._missing = []
        try:
            self.seeds()
            return self._missing
        finally:
            self._missing = None

    def outgoing(self, path: str, own: tuple[Seed | Returned, ...]) -> tuple[list[tuple[str, Seed]], dict[Seed, ReturnKinds]]:
        """What the traced functions of `path` reach in other modules, and what its reached
        functions return to the seeds of calls (where that holds tracers), given the seeds it
        receives: kept from an earlier run for these bytes, module name and seeds where the
        project still answers each name the analysis asked `in_project` about alike, or worked
        out by analysing the module (which the lint pass then reuses)."""
        summary = self._summary(path)
        key = self.outgoing_key(path, own)
        kept = summary.setdefault("outgoing", {}).get(key) if summary is not None else None
        if kept is not None and ((path, key) in self._kept or all(self.in_project(name) == answer for name, answer in kept["asked"])):
            summary["outgoing"][key] = summary["outgoing"].pop(key)  # the newest last
            if (path, key) not in self._kept:
                self._kept[(path, key)] = (
                    [(qualified, seed_from_data(seed)) for qualified, seed in kept["seeds"]]
                    + [(qualified, passed_from_data(passed)) for qualified, passed in kept.get("passed", ())]
                    + [(qualified, CallSite.from_data(site)) for qualified, site in kept.get("sites", ())]
                    + [(qualified, Stale.from_data(stale)) for qualified, stale in kept.get("stale", ())],
                    {seed_from_data(seed): kinds_from_data(kinds) for seed, kinds in kept["returned"]},
                )
            return self._kept[(path, key)]
        # (a dry run reads no file: where only the bytes can tell, a worker's analysis does)
        screened = self.screened(path)
        reads = worth_parsing(screened.spells_marker, own, screened.spelled, (lambda: self.read(path)) if self._missing is None else None)
        if reads and self._missing is not None:
            self._missing.append((path, own))
            return [], {}
        module = self.module(path) if reads else None  # not parsed: it finds nothing, and sends nothing out
        found: list[tuple[str, Seed]] = []
        returned: dict[Seed, ReturnKinds] = {}
        asked: dict[str, bool] = {}

        def in_project(qualified: str) -> bool:
            answer = asked[qualified] = self.in_project(qualified)
            return answer

        if module is not None:
            try:
                with collection_paused():
                    analysis = ModuleAnalysis(
                        module, self.markers, self.pedantic, self.name_of[path], own, in_project,
                        declared=self.index_of(path).declared, handoffs=self.index_of(path).handoffs,
                    )
            except RecursionError:
                analysis = None
            if analysis is not None:
                self.analysed.append(path)
                self._analyses[path] = (own, analysis)
                found = list(analysis.outgoing)
                returned = dict(analysis.returned)
        if summary is not None:
            summary["outgoing"].pop(key, None)  # the newest last
            summary["outgoing"][key] = {
                "seeds": [[qualified, seed_to_data(seed)] for qualified, seed in found if type(seed) is Seed],
                "passed": [[qualified, passed_to_data(seed)] for qualified, seed in found if type(seed) is Passed],
                "sites": [[qualified, seed.to_data()] for qualified, seed in found if type(seed) is CallSite],
                "stale": [[qualified, seed.to_data()] for qualified, seed in found if type(seed) is Stale],
                "returned": [[seed_to_data(seed), kinds_to_data(kinds)] for seed, kinds in returned.items()],
                "asked": sorted([name, answer] for name, answer in asked.items()),
            }
        return found, returned

    def outgoing_key(self, path: str, own: tuple[Seed | Returned, ...]) -> str:
        """Under what a file's outgoing for the seeds `own` is kept in its summary: its module
        name (an `__init__.py` that comes or goes renames it) and the seeds."""
        return f"{self.name_of[path]}:{canonical_digest(tuple(_canonical_seed(seed) for seed in own))}"  # digest(own)

    def parsed(self, path: str) -> cst.Module | None:
        """The module of `path` if this run parsed it already (the lint pass reuses it)."""
        return self._modules.get(path)

    def analysis(self, path: str, seeds: tuple[Seed | Returned, ...]) -> ModuleAnalysis | None:
        """The analysis of `path` this run made with exactly these seeds, if any."""
        found = self._analyses.get(path)
        return found[1] if found is not None and found[0] == seeds else None
