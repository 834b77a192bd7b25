"""Cache keys of compiled calls in host loops: the one analysis behind ACC5 (recompilation storms).

A call of a compiled callable `C(args)` looks its traces up by a key (docs/contexts.md, "Cache keys"):
the callable's identity, each static argument's value or hash, each traced argument's shape and
dtype, the Python values its framework keys by value, and for torch.compile the values its guards
read. Each framework's key is data (`[cache_key]` in acclint/frameworks/*.toml, read through
MarkerTable.framework). A call is a call of a compiled callable when the value its callee denotes,
followed through every binding the walk resolves (`_denoted`, `_callee`), is a wrapper application
or a project wrapper's result, with the static options that application was given: a name bound
to one (a wrapper's result, a decorated def, an alias, `step = get()`, `partial(jitted, ...)`, an
item of a container of them, one of two by a conditional expression), an item of such a
container (`fns[k]`, `for fn in fns`), an object that holds one (an attribute a method binds to a
wrapper's result, `self.f(x, i)`; `box.step = jax.jit(f)`; a decorated method called as
`obj.step(x, i)`, its positions counted without `self`; an instance whose `__call__` is
compiled), or a parameter every call of its function passes one (also a call from another module:
acclint.analysis.passed's seeds, `_passed_in`); also what a call gives back called at once
(`make()(x)`; a memoised factory, `[storms] memoizers`, makes nothing anew), `partial` of a wrapper
application, what a forwarding decorator returns (`_forwarded`), a class attribute called through
its class, and a lowering (`[storms] lowering`: `F.lower(x, i)` traces as `F(x, i)` does;
benchmarks/call_spellings.py). ACC5 holds at a call when some
component of that key is *new on every pass* of an unbounded loop around the call; this module walks a whole module once (only when an
ACC5 rule is selected, and only when one of the module's marker sites applies a jit-family
wrapper: every finding starts from one) and computes, for each component, whether it is.

The analysis is composed of parts, each a module of acclint.analysis named for its concern.
`LoopFacts` below composes them as mixins sharing one `self`: the parts call each other both
ways (newness asks for shapes and shapes for newness, the walk asks what a callee denotes and
that reads the walk's tables) and read the tables the walk fills (`_scopes`, `_held`,
`_host_calls`, ...), so a part with state of its own would be handed the whole analysis anyway.
The exception is `loop_state`, which reads only the module: an object of its own
(`LoopFacts._stepped`).
This module keeps the core: the walk's tables (`__init__`) and the answer (`changes`: each
compiled call's key against each pass).

- `loop_model`: The data of the cache-key analysis: compiled callables and what they key on, loops,
  passes, the key changes found, and the API tables read.
- `loop_walk`: The cache-key analysis' one walk of a module: the scopes, the loops and what each
  pass of one binds, calls and makes.
- `loop_bindings`: What the cache-key walk records at an assignment and at a call: names bound to
  compiled callables, objects that own or hold one, wrapper applications waiting to learn whether
  they are called.
- `loop_callables`: What a name or an expression denotes as a compiled callable, and what its cache
  keys on.
- `loop_newness`: Which values are new on every pass of a loop: a propagation fact with a deny-list.
- `loop_shapes`: Which arrays and sequences have a shape or a length that is new on every pass.
- `loop_objects`: Objects in a cache key: identities new on every pass, static fields of pytrees,
  values that cannot be hashed or compared.
- `loop_passes`: What runs on every pass of a loop besides its body: the functions it calls, and
  what each call makes new in them.
- `loop_grids`: Grids of bounded loops: nested loops each over a few values that, together, give a
  compiled call's key more values than a bounded set holds.
- `loop_rewraps`: Compiled callables made anew on every pass: a wrapper applied to a new callable
  and called on that pass, an object that owns one made each pass.
- `loop_eager`: Operations run eagerly whose result's size their operand's values decide: a compile
  per new count.
- `loop_instances`: Instances of one module class compiled one by one: a guarded attribute each
  holds another value of.
- `loop_state`: State a compiled callable changes on every call that its guards read: module-level
  lists and ints, and module attributes, stepped across calls.
- `loop_helpers`: Pure helpers of the cache-key analysis that several of its parts use: readers of
  syntax, of literals and of a function's assignments and returns.
"""

from __future__ import annotations

from functools import cached_property
from typing import Iterable
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.guarded_structure import new_structure
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.walk import walk_all
from acclint.analysis.loop_model import Jitted, JittedCall, KeyChange, Loop, Pass, StormTables, _Candidate, _Owned, _Rewrap, _Scope
from acclint.analysis.loop_helpers import _bound_values, _names, _read_names
from acclint.analysis.loop_walk import LoopWalk
from acclint.analysis.loop_bindings import LoopBindings
from acclint.analysis.loop_callables import CompiledCallables
from acclint.analysis.loop_newness import ValueNewness
from acclint.analysis.loop_shapes import NewShapes
from acclint.analysis.loop_objects import NewObjects
from acclint.analysis.loop_passes import HelperPasses, _local_names
from acclint.analysis.loop_grids import LoopGrids
from acclint.analysis.loop_rewraps import Rewraps
from acclint.analysis.loop_state import SteppedState, emptied_lists
from acclint.analysis.loop_instances import CompiledInstances
from acclint.analysis.loop_eager import EagerSizes


class LoopFacts(LoopWalk, LoopBindings, CompiledCallables, ValueNewness, NewShapes, NewObjects, HelperPasses, LoopGrids, Rewraps, CompiledInstances, EagerSizes):
    """The cache-key analysis of one module (see the module docstring)."""

    def __init__(self, analysis: ModuleAnalysis, tables: StormTables) -> None:
        self.analysis = analysis
        self.tables = tables
        self._stepped = SteppedState(analysis)  # globals and attributes stepped across calls (loop_state)
        self._imported = analysis.index.imports.bound_names()
        self.calls: list[JittedCall] = []
        self._candidates: list[_Candidate] = []
        self._retrained: list[_Rewrap] = []  # `_retrain`'s finds: a model compiled and trained each pass
        self._pending: list[tuple[cst.Call, tuple[Loop, ...], _Scope, cst.BaseStatement]] = []
        # Wrapper calls seen from above before they are visited: called at once (`jit(f)(x)`:
        # id of `jit(f)` -> the call `jit(f)(x)`), or the value of `name = jit(f)`.
        self._called_at_once: dict[int, cst.Call] = {}
        self._assigned_to: dict[int, str] = {}
        # Every call of the module's functions and methods from host code: (caller, callee,
        # parameters the call does not pass (1: `self`), call, scope, loops around it)
        self._host_calls: list[tuple[FunctionInfo | None, FunctionInfo, int, cst.Call, _Scope, tuple[Loop, ...]]] = []
        self._scopes: dict[FunctionInfo | None, _Scope] = {}
        self._resolving: set[str] = set()  # module-level names `_literal` is looking through
        self._returns: dict[FunctionInfo, tuple[frozenset[str], frozenset[str]]] = {}  # _returned_from's summaries
        self._yields: dict[FunctionInfo, frozenset[str]] = {}  # _yield_sizing's summaries
        self._makers: dict[FunctionInfo, str | None] = {}  # _made_returned's answers
        self._rebound_globals: dict[int, frozenset[str]] = {}  # id(loop) -> _globals_rebound_on's answer
        self._compiled_makers: dict[str, bool] = {}  # _makes_compiled's answers
        # Compiled callables each instance of a module class owns: (class, attribute) -> how.
        self._owned: dict[tuple[ClassInfo, str], _Owned] = {}
        # Compiled callables an object holds, as called through it: (class, attribute) -> what
        # its key holds (an attribute a method binds to a wrapper's result, a decorated method
        # with `self` dropped from its positions, a compiled `__call__`).
        self._held: dict[tuple[ClassInfo, str], Jitted] = {}
        # Objects compiled in place (`model.compile()`): (the function binding the name, name) -> key
        self._in_place: dict[tuple[FunctionInfo | None, str], Jitted] = {}
        # Attributes a method binds to one of its parameters (`self.step_fn = step_fn` in
        # `__init__`): (class, attribute) -> (that name, the method's scope); None: bound to
        # something else too. They hold what every call passes (`_callee`).
        self._kept: dict[tuple[ClassInfo, str], tuple[cst.Name, _Scope] | None] = {}
        # Calls `obj.attr(...)` from host code that may run an instance's own compiled callable.
        self._attribute_calls: list[tuple[cst.Call, tuple[Loop, ...], _Scope, cst.BaseStatement]] = []
        self._loop_nodes: dict[int, Loop] = {}  # each loop the walk met, by the id of its node
        # Loops over what a generator of the module yields (`for batch in batches(rng, n)`):
        # (the loop, its target, the generator), which `_generated_shapes` reads after the walk.
        self._generator_loops: list[tuple[Loop, str, FunctionInfo]] = []
        # Loops over a parameter of the function they are in (`for b in batches`): (the loop, its
        # target, the function, the parameter), which `_generated_shapes` reads with the calls.
        self._parameter_loops: list[tuple[Loop, str, FunctionInfo, str]] = []
        module = _Scope(None)
        self._scopes[None] = module
        # The calls that can apply a marker: the module index's marker sites (a call whose
        # callee ends in a marker's or a wrapper's last name, or in a name an import binds),
        # and calls of calls (`partial(jax.jit, ...)(f)`, whose inner call is such a site).
        self._marker_calls = {id(site.expr) for site in analysis.index.sites if site.decorates is None}
        # The last names of the library compiled entry points the module's imports reach
        # (`import diffrax as dfx` reaches `diffrax.diffeqsolve`): a call whose callee ends in
        # one is looked up (`_entry_point`), no other.
        imports = analysis.index.imports
        reached = [imports.resolve_dotted(name) for name in imports.bound_names()]  # what the imports bind, for both
        self._entry_tails = _reached_tails(reached, analysis.markers.compiled)
        # ... and the method names of library objects' compiled methods (`mcmc.run`: `_compiled_method`)
        self._method_tails = _reached_tails(reached, analysis.markers.compiled_methods)
        if not self._applies_wrapper():
            return  # no compiled callable is made here: no key to compute, nothing to walk
        for statement in analysis.module.body:
            self._walk(statement, module, (), statement)
        self._generated_shapes()
        self._resolve_calls()

    def _applies_wrapper(self) -> bool:
        """Whether some marker site of the module applies a jit-family wrapper, as a decorator
        or a call (every finding starts from one: a compiled callable bound to a name, owned by
        an object, or applied anew on each pass), or the module imports a namespace whose
        operations compile when run eagerly where a host loop may run (`_eager_ops_imported`)."""
        if self._entry_tails or self._method_tails or self._resets_and_builds:
            return True  # it calls a library's compiled entry point or method (`_entry_point`, `_compiled_method`), or `_retrain`'s methods
        if any(p.marker in self.tables.wrappers for p in self.analysis.passed):
            return True  # another module passes one of its functions a compiled callable (`_passed_compiled`)
        if any(found[0].name in self.tables.wrappers for found in self.analysis.imported_compiled.values()):
            return True  # it imports a function another module compiles (`_imported_compiled`)
        primitives = False
        for site in self.analysis.index.sites:
            for found in (self.analysis.decorator_marker(site.expr), self._applied(site.expr) if site.decorates is None else None):
                if found is not None and found[0].name in self.tables.wrappers:
                    return True
                primitives = primitives or found is not None and self._compiles_functions(found[0].name)
            if site.decorates is None and type(method := site.expr.func) is cst.Attribute and method.attr.value in self._in_place_tails and (
                (inplace := self.analysis.applied_marker(site.expr, site.scope)) is not None and inplace[0].name in self.tables.compiles_in_place
            ):
                return True  # `model.compile()`: the object is compiled in place
        return primitives and self._host_loop_possible() or self._eager_ops_imported()

    @cached_property
    def _resets_and_builds(self) -> bool:
        """Whether the module calls both a method that builds a kept compiled function and runs
        one step and one that drops it (`[[built_state]]`: `model.train_on_batch`, `model.compile`),
        which `_retrain` reads: without both, no loop body has them, and `_retrain` does not walk
        each loop's body to look."""
        called = {f.attr.value for f in self.analysis.index.call_order if type(f) is cst.Attribute}
        return any(called & state.steps and called & state.resets for state in self.analysis.markers.built_state)

    def _host_loop_possible(self) -> bool:
        """Whether a loop runs at module level (a script's, a notebook's), or module-level code
        calls a module function, whose loops are host loops too (`_host_functions`): the only
        places a primitive that compiles what it is given counts (`_compiled_at_once`), so a
        module of such primitives without either has nothing to walk."""
        loops = (cst.For, cst.While, cst.CompFor)
        functions = self.analysis.index.functions
        return any(
            type(node) in loops or type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in functions
            for statement in self.analysis.module.body
            if not isinstance(statement, (cst.FunctionDef, cst.ClassDef)) for node in walk_all(statement)
        )

    def _compiles_functions(self, marker: str) -> bool:
        """A marker that, called from host code, compiles the functions it is given, caching on
        them (`[cache_key] compiles_functions`: JAX's control-flow primitives)."""
        return marker in self.analysis.markers.framework({marker}).cache_key.compiles_functions

    def _applied(self, call: cst.Call):
        """The marker `call` applies (ModuleAnalysis.applied_marker), asked only of the calls
        that can apply one (`_marker_calls`): most calls of a module are not marker sites."""
        if type(call.func) is not cst.Call and id(call) not in self._marker_calls:
            return None
        return self.analysis.applied_marker(call)

    # -- the answer ------------------------------------------------------------------------
    @cached_property
    def changes(self) -> list[KeyChange]:
        """Every component of a compiled call's key that is new on every pass, and every
        wrapper application on a new callable called once per pass."""
        found: list[KeyChange] = []
        sites: set[int] = set()
        for change in map(_rewrap_change, self._rewraps()):
            if id(change.node) not in sites:  # one finding per site: a project function's inner application serves two callers
                sites.add(id(change.node))
                found.append(change)
        found += [KeyChange("ACC501", r.call, r.what, r.node, r.where, r.statement) for r in self._retrained]
        found += self._owned_changes()
        found += self._instance_changes()
        found += self._eager_size_changes()
        # what each function a loop runs makes new on every pass: worked out when a compiled
        # call in such a function first asks (in most modules none does)
        helpers: dict[FunctionInfo, list[Pass]] | None = None
        seen: set[tuple[int, str]] = set()
        spelt: set[tuple] = set()
        for call in self.calls:
            again = (id(call.scope), self._code(call.callee))
            found += self._array_metadata(call, again in seen or bool(call.loops))
            seen.add(again)
            unbounded = [loop for loop in call.loops if not loop.bounded]
            if unbounded and self._repeats_in_pass(call, unbounded[-1], spelt):
                continue
            inner: list[KeyChange] = []
            if unbounded:
                here = self._loop_pass(call.loops, "this loop")
                inner = self._fed_back(call, here) + self._key_changes(call, here)
                found += inner
            if call.scope.fn is not None and call.scope.fn in self._run_on_passes and not inner:
                # the passes of an outer loop that runs the function, also where the call sits in
                # the function's own loop (unless that loop alone finds a change): a value the
                # outer loop hands it (the epoch) is the same on each pass over batches, new on
                # each outer pass (blind2 tf_scalar_epoch_arg_1)
                helpers = self._helper_passes() if helpers is None else helpers
                for each in helpers.get(call.scope.fn, []):
                    found += self._key_changes(call, each)
            if not any(change.node is call.call for change in found):
                found += self._grid_changes(call)
            found += self._unhashable_statics(call)
        return found

    def _repeats_in_pass(self, call: JittedCall, loop: Loop, spelt: set[tuple]) -> bool:
        """Whether the same call, spelt alike, came earlier in the same pass of `loop`, its
        arguments reading no name the loop's body rebinds (a warm-up call, then the timed one:
        `apply_aug(x[:n])` twice, keras-cv's benchmark): the second reuses the trace the first
        made, so only the first is a compile. Adds this call's spelling to `spelt`."""
        key = (id(loop), id(call.scope), self._code(call.call))
        target = _names(loop.node.target) if isinstance(loop.node, cst.For) else set()
        rebound = loop.assigned - target
        if any(_read_names(a.value) & rebound for a in call.args):
            return False
        if key in spelt:
            return True
        spelt.add(key)
        return False

    def _key_changes(self, call: JittedCall, each: Pass) -> list[KeyChange]:
        jitted = call.jitted
        found: list[KeyChange] = []
        for what in jitted.guarded:
            found.append(KeyChange(
                "ACC505", call.call, f"{what}; {jitted.recompile_limit} compiles, then eager)",
                call.callee, each.where, call.statement,
            ))
        emptied = emptied_lists(self._pass_region(call), {jitted.holder, self._code(call.callee)}) if jitted.grown else set()
        for name in jitted.grown:
            if name not in emptied:
                found.append(KeyChange(
                    "ACC505", call.call, f"the module's list attribute '{name}' (grown by its forward on every call: its length "
                    f"is guarded; {jitted.recompile_limit} compiles, then eager)", call.callee, each.where, call.statement,
                ))
        own = _local_names(call.scope.fn) if call.scope.fn is not None else set()  # a local that shadows a global
        for name in sorted(jitted.guarded_globals & each.changing - own):
            attribute = "." in name
            if (name[name.rfind("."):] if attribute else name) not in self._stepped.float_assigned:
                what = f"the attribute '{name}' (read by the compiled code, written" if attribute else f"the global '{name}' (read by the function, rebound"
                found.append(KeyChange(
                    "ACC505", call.call, f"{what} on every pass; {jitted.recompile_limit} compiles, then eager)",
                    call.callee, each.where, call.statement,
                ))
        for arg, index, static in call.placed_args():
            named = arg.keyword.value if arg.keyword is not None else None
            by_value = jitted.values_keyed or jitted.strings_keyed and self._str_valued(arg.value, call.scope, each)
            if static or (by_value and not self._array_valued(arg.value, jitted.arrays, call)):
                what = self._new_value(arg.value, each, static, call.scope)
                around = self._built_around(arg.value, each) if what is None and jitted.values_keyed and not static else None
                what = what or around
                if what is not None:
                    code = "ACC504" if jitted.runtime and not static else "ACC502"
                    kind = "static argument" if static else "argument"
                    if jitted.identity == "instance":  # a library object's own cache (`_compiled_method`)
                        unless = self.analysis.markers.compiled_methods[jitted.marker].unless
                        kind, what = "argument", what + (f" (the object's cache keys it unless made with {unless}=True)" if unless else "")
                    if named in jitted.specialized or index in jitted.specialized_positions:
                        kind, what = "argument", f"{what} ({jitted.specialized_as}, which the compiler specialises)"
                    found.append(KeyChange(
                        code, call.call, f"{kind} {what}", call.callee, each.where, call.statement,
                        held=around is not None, string=not (static or jitted.values_keyed),
                    ))
                    continue
            held = None
            if not static:
                held = self._holding(arg.value, each) if jitted.graph_static else self._static_field_given(arg.value, each)
            if held is not None:
                found.append(KeyChange(
                    "ACC502", call.call, f"argument '{self._code(arg.value)}' ({held}, which {jitted.marker} holds static)",
                    call.callee, each.where, call.statement, held=True,
                ))
                continue
            structure = new_structure(
                arg.value, lambda e: self._resized(e, each), lambda name: _bound_values(call.scope.fn, name) if call.scope.fn else [],
            ) if jitted.structures_keyed else None
            if structure is not None:
                found.append(KeyChange(
                    "ACC505", call.call, f"the {structure} of '{self._code(arg.value)}' (new on every pass; "
                    f"{jitted.recompile_limit} compiles, then eager)", call.callee, each.where, call.statement,
                ))
                continue
            if jitted.shapes_keyed:
                resized = self._resized(arg.value, each)
                if resized is not None:
                    found.append(KeyChange(
                        "ACC503", call.call, f"the shape of '{self._code(resized)}'", call.callee, each.where, call.statement,
                    ))
                continue
            unrolled = next((dims for i, name, dims in jitted.unrolled if (index, named) in ((i, None), (None, name))), None)
            new = self._new_dimensions(arg.value, each) & unrolled if unrolled else set()
            if new:
                found.append(KeyChange(
                    "ACC503", call.call, f"dimension {max(new)} of '{self._code(arg.value)}' (a bound of a Python loop in its "
                    "body, unrolled, which the compiler specialises)", call.callee, each.where, call.statement,
                ))
        return found

    def _pass_region(self, call: JittedCall) -> cst.CSTNode | None:
        """What runs between two calls of `call`: the innermost unbounded loop around it, else
        the function holding it (run on each pass of a loop elsewhere)."""
        unbounded = [loop for loop in call.loops if not loop.bounded]
        return unbounded[-1].node if unbounded else call.scope.fn.node if call.scope.fn is not None else None

    def _code(self, node: cst.CSTNode) -> str:
        return self.analysis.module.code_for_node(node).strip()


def _rewrap_change(r: _Rewrap) -> KeyChange:
    """A wrapper applied on each pass to a new callable, as a finding: reported where the cache
    key's new identity is made (`_made_at`), whichever line then calls its result (`f =
    jax.jit(lambda ...)`, `f(x)` below: one hazard, crackedaicode's page); applied and called at
    once (`jax.jit(lambda ...)(x)`, `make_update()(p, g)`), at that call."""
    if r.call.func is r.node or r.made is None:
        return KeyChange("ACC501", r.call, r.what, r.node, r.where, r.statement)
    return KeyChange("ACC501", r.made, r.what, r.node, r.where, r.statement, called=r.call)


_MADE: WeakKeyDictionary[ModuleAnalysis, LoopFacts] = WeakKeyDictionary()


def loop_facts(analysis: ModuleAnalysis, tables: StormTables) -> LoopFacts:
    """The module's cache-key analysis, made once per analysis (the first ACC5 rule asks; the
    others get the same), and dropped with it."""
    found = _MADE.get(analysis)
    if found is None:
        found = _MADE[analysis] = LoopFacts(analysis, tables)
    return found


def _reached_tails(reached: list[str | None], compiled: Iterable[str]) -> frozenset[str]:
    """The last names of the library compiled entry points or methods (`MarkerTable.compiled`,
    `compiled_methods`) that a module-level import of the module binds or reaches (`import
    diffrax as dfx`: `diffeqsolve`; `from numpyro.infer import MCMC`: `run`): `reached`, what
    each name its imports bind stands for."""
    if not compiled:
        return frozenset()
    return frozenset(
        entry.rsplit(".", 1)[-1] for entry in compiled
        for bound in reached if bound is not None and (entry == bound or entry.startswith(bound + "."))
    )
