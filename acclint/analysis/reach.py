"""How a function in one module is reached from a traced function in another (docs/contexts.md).

The per-module analysis records every call a traced function makes to a name it imported, and
every imported function it hands to a marker, as an outgoing `(qualified name, Seed)`; the
project layer (`acclint.analysis.project`) resolves the name to a function of another linted file and
hands the seed to that file's analysis, which puts the function in the seed's contexts with
the parameter kinds the call passes. The reached file's analysis works out, for each seed of a
call, what the function returns to that call; where that holds tracers the project layer hands
it back to the calling file as a `Returned`, so `float(helper(x))` there is judged as in-module
code is. A file's seeds are all three: the reaches of its functions, what the functions it
reaches return, and what the names it imports from the project declare static (`Imported`). They are plain frozen data, so the project layer can collect, compare and
deduplicate them without knowing anything about the analysis.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from acclint.analysis.taint import Kind, ReturnKinds
from acclint.analysis.def_facts import DefFacts


@dataclass(frozen=True)
class Options:
    """Static-argument options of a marker application."""

    static_argnums: tuple[int, ...] = ()
    static_argnames: tuple[str, ...] = ()
    argnums: tuple[int, ...] | None = None
    # Positions `in_axes` (vmap) or `in_specs` (shard_map) give None: passed through untouched.
    unmapped: tuple[int, ...] = ()
    # Keywords given a literal True that select a variant framework (`fullgraph=True`).
    flags: tuple[str, ...] = ()
    # Options a project wrapper hands on from its own parameters (`def my_jit(f, static=()):
    # return jax.jit(f, static_argnums=static)`): (option keyword, parameter, the parameter's
    # position among those a caller passes, -1: keyword-only), given by each call of it.
    forwarded: tuple[tuple[str, str, int], ...] = ()

    def merged(self, other: Options) -> Options:
        return Options(
            self.static_argnums + other.static_argnums,
            self.static_argnames + other.static_argnames,
            other.argnums if other.argnums is not None else self.argnums,
            self.unmapped + other.unmapped,
            self.flags + tuple(f for f in other.flags if f not in self.flags),
            self.forwarded + tuple(f for f in other.forwarded if f not in self.forwarded),
        )


@dataclass(frozen=True)
class CallShape:
    """The kinds of the arguments a call passes, by position and by keyword."""

    positional: tuple[Kind, ...] = ()
    keywords: tuple[tuple[str, Kind], ...] = ()
    starred: Kind | None = None  # the widest kind passed through `*args` / `**kwargs`
    given: tuple[str | int, ...] = ()  # positions and keywords passed something other than None


# A seed's name for what a function of its module returns, where a marker in another module is
# handed that (`jax.jit(make(n))`, `init, step = make(n)` then `loop(step, x)`): `make.return`,
# or `make.return[1]` for the place of the tuple its `return`s spell out. No function, class or
# method is named `return`, so no other seed's name is one of these.
RETURNS = "return"


def returned_name(index: int | None) -> str:
    """The last name of the seed of what a function returns (at place `index` of a tuple)."""
    return RETURNS + ("" if index is None else f"[{index}]")


def returned_of(name: str) -> tuple[str, int | None] | None:
    """The function and place a seed name ending in a `returned_name` stands for, or None for
    any other name."""
    function, dot, rest = name.rpartition(".")
    head, bracket, index = rest.partition("[")
    if not dot or head != RETURNS:
        return None
    if not bracket:
        return function, None
    return (function, int(index[:-1])) if index[:-1].isdigit() and index.endswith("]") else None


@dataclass(frozen=True)
class Seed:
    """One traced reach of a module-level function from another module."""

    function: str  # its name in its own module ("" until the project layer resolves it)
    contexts: frozenset[str]
    markers: frozenset[str]
    origin: str  # the traced function it is reached from: "train.train_step (jax.jit)"
    call: CallShape | None = None  # called from a traced function with these arguments
    marker: str | None = None  # or handed to this marker (a qualified name) ...
    options: Options = Options()  # ... with these options
    # The class of the instance the method runs on, where that is not the class defining it
    # (its qualified name: `envs.chain.Chain` for `Environment.step` reached through
    # `jax.jit(Chain().step)`): the method's `self.x(...)` calls run that class's `x`.
    receiver: str = ""


@dataclass(frozen=True)
class Returned:
    """What a function of another module returns to a traced call of it: `function` as the
    calling module spells it (its qualified name there), the call's argument kinds, and the
    return kinds (one, or one per element of the tuple every `return` spells out)."""

    function: str
    call: CallShape
    kinds: ReturnKinds


@dataclass(frozen=True)
class Imported:
    """What the names a module imports from other modules of the project declare static
    (acclint.analysis.declared): string constants and value enums, as the importing module
    spells them (`.common.MODEL_MODE_PREFILL`), and the static fields of the pytree classes it
    imports. A seed like the others, so what a file's verdict reads of another file's text is
    part of what keys it (the project's summaries, the result cache)."""

    strings: frozenset[str] = frozenset()
    enums: frozenset[str] = frozenset()
    static_fields: frozenset[str] = frozenset()
    # What the functions it imports return (acclint.analysis.returned_makers): (the function as
    # the module spells it, the call making the object it returns, whether methods are chained
    # on that call), for acclint.analysis.objects (`ds = data.load(p); ds.map(fn)`).
    made: frozenset[tuple[str, str, bool]] = frozenset()
    # The decorated functions it imports: (the function as the module spells it, its outermost
    # decorator with qualified names, `functools.partial(jax.jit, static_argnums=1)`): a call of
    # one is a call of what that decorator made (acclint.analysis.loops, `_imported_compiled`).
    compiled: frozenset[tuple[str, str]] = frozenset()
    # Of the decorated functions it imports, those compiled and those with a `float` parameter
    # (a custom op's): (the function as the module spells it, its decorator as `compiled` spells
    # it, what its def says of the key: acclint.analysis.def_facts), read where the importer
    # keys a call of one (acclint.analysis.loop_callables `_jitted`, `_float_specialized`).
    bodies: frozenset[tuple[str, str, DefFacts]] = frozenset()


def holds_tracers(kinds: ReturnKinds) -> bool:
    """Whether a return of these kinds is (or holds) a tracer for sure: what is worth handing
    back to the caller, whose default for a call it cannot see is at most unknown."""
    return max(kinds, default=Kind.STATIC) >= Kind.TREE if isinstance(kinds, tuple) else kinds >= Kind.TREE


def kinds_to_data(kinds: ReturnKinds) -> str | list[str]:
    return [k.name for k in kinds] if isinstance(kinds, tuple) else kinds.name


def kinds_from_data(data: str | list[str]) -> ReturnKinds:
    return tuple(Kind[k] for k in data) if isinstance(data, list) else Kind[data]


def _kind(name: str | None) -> Kind | None:
    return None if name is None else Kind[name]


def seed_to_data(seed: Seed) -> list:
    """`seed` as plain JSON data (the project's summaries keep seeds between runs)."""
    call = seed.call
    o = seed.options
    return [
        seed.function, sorted(seed.contexts), sorted(seed.markers), seed.origin,
        None if call is None else [
            [k.name for k in call.positional], [[n, k.name] for n, k in call.keywords],
            None if call.starred is None else call.starred.name, list(call.given),
        ],
        seed.marker,
        [list(o.static_argnums), list(o.static_argnames), None if o.argnums is None else list(o.argnums), list(o.unmapped), list(o.flags)],
    ] + ([seed.receiver] if seed.receiver else [])


def seed_from_data(data: list) -> Seed:
    function, contexts, markers, origin, call, marker, options, *receiver = data
    return Seed(
        function, frozenset(contexts), frozenset(markers), origin,
        None if call is None else CallShape(
            tuple(Kind[k] for k in call[0]), tuple((n, Kind[k]) for n, k in call[1]), _kind(call[2]), tuple(call[3]),
        ),
        marker,
        Options(tuple(options[0]), tuple(options[1]), None if options[2] is None else tuple(options[2]), tuple(options[3]), tuple(options[4])),
        receiver[0] if receiver and isinstance(receiver[0], str) else "",
    )


@dataclass(frozen=True)
class Passed:
    """A compiled callable a call in another module passes to a module-level function's
    parameter (`run(jax.jit(step, static_argnums=1), data)`, `partial(run, fast)`): where that
    function calls the parameter, the call is a call of this compiled callable, keyed as the
    wrapper application keys (acclint.analysis.loops `_passed_compiled`); or a marker itself,
    passed by keyword (`loop(..., outer_while_loop=partial(named_while_loop))`, `application`
    empty): calling the parameter applies it (acclint.analysis.wrappers `table_for`). Not a
    reach: the function runs in no context of its own by it."""

    function: str  # its name in its own module ("" until the project layer resolves it)
    parameter: str  # the position among what the call passes ("0"), or the keyword
    marker: str  # the wrapper applied (a qualified name)
    options: Options
    application: str  # the wrapper application's code, for the keywords it is given (`dynamic=False`); "": the marker itself


def passed_to_data(passed: Passed) -> list:
    o = passed.options
    return [passed.function, passed.parameter, passed.marker, [list(o.static_argnums), list(o.static_argnames), list(o.flags)], passed.application]


def passed_from_data(data: list) -> Passed:
    function, parameter, marker, (argnums, argnames, flags), application = data
    return Passed(function, parameter, marker, Options(tuple(argnums), tuple(argnames), flags=tuple(flags)), application)


@dataclass(frozen=True)
class CallSite:
    """A call in another module of a module-level function of this one, by the name it imports
    or through a compiled callable made of it there (`opt_fn = torch.compile(fn)`, `opt_fn(x,
    rng)`), that passes objects of classes the data know: the calling module, and the classes of
    each such object by the position ("0") or keyword it is passed at. The call's line is not
    kept: naming it cost a tenth of a cold run (acclint.analysis.bindings `line_of` per call), and
    it would move the called module's cache key with every line the caller's edits shift. The called
    function's parameters hold those objects as they hold what the module's own calls pass
    (acclint.analysis.objects `_passed_types`): `rng.randint(...)` in a compiled `fn(x, rng)`
    draws from the `random.Random` the other module hands it. Not a reach: the function runs in
    no context of its own by it."""

    function: str  # its name in its own module ("" until the project layer resolves it)
    caller: str  # the calling module's name
    classes: tuple[tuple[str, tuple[str, ...]], ...]  # (position or keyword, the classes passed there)

    def to_data(self) -> list:
        return [self.function, self.caller, [[where, list(names)] for where, names in self.classes]]

    def keeping(self, read: Callable[[str], bool]) -> CallSite | None:
        """The site with only the classes `read` says some reader looks up, and the places
        passing none of them left out; None where no place is left."""
        kept = tuple((where, names) for where, names in ((w, tuple(n for n in ns if read(n))) for w, ns in self.classes) if names)
        return None if not kept else self if kept == self.classes else replace(self, classes=kept)

    @classmethod
    def from_data(cls, data: list) -> CallSite:
        function, caller, classes = data
        return cls(function, caller, tuple((where, tuple(names)) for where, names in classes))

    @classmethod
    def sound(cls, data) -> bool:
        """Whether `data` is what `to_data` writes (a cached summary's part, checked before use)."""
        try:
            function, caller, classes = data
            return (
                isinstance(function, str) and isinstance(caller, str)
                and all(isinstance(where, str) and all(isinstance(n, str) for n in names) for where, names in classes)
                and cls.from_data(data).to_data() == data
            )
        except (TypeError, ValueError):
            return False


@dataclass(frozen=True)
class Stale:
    """What a module's program order changes between a build of a compiled function of another
    module and a later call that may hit that trace (acclint.analysis.stale_out): the calling
    module, the module attributes it writes there (absolute, `cfg.SCALE`; `model.SCALE` of the
    function's own module), and the attributes it writes there of an object it passes the
    function, by the position ("0") or keyword it is passed at (`v.val = 0` between two
    `add(v, 1)`). The defining module reads them as writes of its own order
    (acclint.analysis.bindings `ModuleBindings.change_elsewhere`): a hidden input of the trace,
    written in another module between a build and a hit. Not a reach."""

    function: str  # its name in its own module ("" until the project layer resolves it)
    caller: str  # the calling module's name
    globals: tuple[str, ...] = ()
    attributes: tuple[tuple[str, str], ...] = ()  # (position or keyword, attribute)

    def to_data(self) -> list:
        return [self.function, self.caller, list(self.globals), [list(pair) for pair in self.attributes]]

    @classmethod
    def from_data(cls, data: list) -> Stale:
        function, caller, written, attributes = data
        return cls(function, caller, tuple(written), tuple((where, attr) for where, attr in attributes))

    @classmethod
    def sound(cls, data) -> bool:
        """Whether `data` is what `to_data` writes (a cached summary's part, checked before use)."""
        try:
            function, caller, written, attributes = data
            return (
                isinstance(function, str) and isinstance(caller, str) and all(isinstance(w, str) for w in written)
                and all(isinstance(where, str) and isinstance(attr, str) for where, attr in attributes)
                and cls.from_data(data).to_data() == data
            )
        except (TypeError, ValueError):
            return False
