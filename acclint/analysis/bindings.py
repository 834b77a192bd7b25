"""Where a module's outside state changes after a trace could have been built (ACC6).

A cached trace reads module-level names, closed-over iterators and `self` attributes once,
while it is built, and replays what it saw. That is a hazard only when the value changes
later, so this module answers one question per name: is it rebound or mutated *after* some
code that may build a trace has run? Most module constants never are, and they are never
reported. A plain function called from host code runs eagerly and builds no trace, so its own
calls are no first trace; only what compiles it (`_reaching`) builds one.

One walk of the module, in source order, records every binding, mutation and call of
module-level code and of every function body, with the loops around it. "May build a
trace" is a call of something this module defines that reaches a cached function: a
function in a cached context, a module-level name bound to a marker's result (`step =
jax.jit(f)`), a function or class whose code makes such a call (to a fixpoint), or an
instance of such a class. Calls into other modules are not followed: an unknown call never
makes a later binding a finding. The project's order is seen through its modules' own: a
decorated function another module defines is a reader here too (`Compiled`: its calls through
the names the module imports it by build and hit its trace), and what another module writes
between its builds and hits of one of this module's compiled functions comes in as `Stale`
seeds (acclint.analysis.stale_out), read as changes made there (`change_elsewhere`).

A change of a module-level variable counts when
- module-level code makes it between two calls that reach the reading function through the
  same objects, or in a loop that calls it (`for y in range(3): f(y)` rebinds `y` between
  calls); a name's first binding, and a name bound to one literal spelt alike each time, are
  no change. A notebook that rebinds a name and then redefines the function that reads it
  never calls the stale trace;
- a function makes it (a `global` write, an item or attribute write, a mutating method of a
  built-in container) where module-level code runs it (`_placements`: its calls, those of
  the functions and methods calling it, to any depth), between two such calls; where some
  run of it is out of sight (a library's entry point, a function handed on), unless it only
  runs before any trace (a module-level function called, or applied as a decorator, only
  before the first call that may trace, its change before its own such calls: `def main():
  global CFG; CFG = load(); train()`); never when it restores what it changed (a context
  manager: effect-handler stacks read at trace time on purpose). A function that itself calls
  the trace before and after the change, in its own order (`def main(): for step in ...:
  CFG.lr = lr(step); train_step(p)`, a Trainer's `fit`), changes it between a build and a hit
  whoever runs it.
A write under `if X is None:` on what it writes is a lazy initialisation, made once, the first
time it is reached. An attribute of an object a trace is keyed on (a bound method's or a static
`self`, a static argument, a module-level object) counts when it is written outside
construction, in the same order: by module-level code, or by a method or function where
module-level code runs it on that object. A function's own objects and an enclosing function's
variables read by a closure (`closure_change`) are ordered in that function's body.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider
from libcst.metadata.position_provider import NEWLINE_RE

from acclint.analysis.arguments import passed
from acclint.analysis.closure_holders import defined_in, holder_bindings, holder_runs
from acclint.analysis.contexts import ContextAnalysis
from acclint.analysis.item_writes import item_writes
from acclint.analysis.reach import Stale
from acclint.frameworks.markers import CACHED, MarkerTable
from acclint.analysis.scopes import ClassInfo, FunctionInfo, ModuleIndex
from acclint.analysis.taint import BodyFacts, collect_body
from acclint.analysis.trace_time import precedes, stale_window
from acclint.analysis.walk import children, walk_all, walk_expression

# Methods that change a list, dict, set, deque or similar object in place.
MUTATORS = frozenset({
    "append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault",
    "add", "discard", "sort", "reverse", "appendleft", "extendleft", "popleft", "rotate",
    "__setitem__", "__delitem__", "difference_update", "intersection_update",
    "symmetric_difference_update",
})
CONTAINERS = frozenset({
    "dict", "list", "set", "collections.OrderedDict", "collections.defaultdict", "collections.deque",
    "collections.Counter",
})
# Methods that run when an object is built: attributes they set are construction.
CONSTRUCTION = frozenset({"__init__", "__post_init__", "__new__", "setup", "__setstate__"})
_LOOPS = (cst.For, cst.While)


@dataclass(eq=False)
class Event:
    """One thing module code does: bind or mutate a name, write an attribute, call something."""

    seq: int  # position in source order
    # "bind", "mutate", "attr", "call", "ref", "fixed" (a def, class or import), "local" (a function's own
    # variable bound), "mutate_param" (an item write or mutating call on a function's parameter),
    # "item" (an item written on an object no name holds), "local_mutate" (a function's own
    # variable changed in place: an item or attribute written, a mutating method called)
    kind: str
    name: str  # the name bound, mutated or called (a call's root), or the attribute written
    node: cst.CSTNode
    scope: FunctionInfo | None  # None: module-level code
    loops: tuple[cst.CSTNode, ...] = ()
    in_class: bool = False  # in a class body (a binding there is a class attribute)
    # The branches around it in its scope, each `(if_node, in_body)`: it may not run.
    conds: tuple[tuple[cst.If, bool], ...] = ()
    value: cst.BaseExpression | None = None  # what a "bind" assigns, when one value is assigned


@dataclass(frozen=True)
class Change:
    """A change of outside state after a trace could have been built."""

    node: cst.CSTNode
    how: str  # "rebound", "mutated", "written"
    elsewhere: str = ""  # the module making it, where that is another one (a `Stale` seed's caller)


@dataclass(frozen=True)
class Compiled:
    """A compiled callable whose def is in another module (a decorated function the module
    imports from the project, acclint.analysis.reach `Imported.compiled`), as the program-order
    questions take it where they take the reading function: what the module calls it by
    (`model.step` as its imports resolve, through `from model import step` or `import model`)
    and the markers that compiled it (which calls empty its cache). Its calls in this module
    build and hit its trace as a local compiled function's do."""

    qualified: str
    markers: frozenset[str]


Reader = FunctionInfo | Compiled


@dataclass(eq=False)
class ModuleBindings:
    module: cst.Module
    index: ModuleIndex
    markers: MarkerTable
    contexts: ContextAnalysis
    events: list[Event] = field(default_factory=list)
    # What other modules change between builds and hits of its compiled functions
    # (acclint.analysis.reach `Stale`), and the module's own name, which they spell its globals by.
    stale: tuple[Stale, ...] = ()
    module_name: str = ""

    def __post_init__(self) -> None:
        self._bodies: dict[FunctionInfo, BodyFacts] = {}
        self._reach: dict[FunctionInfo, set[str]] = {}
        self._changes: dict[tuple[str, FunctionInfo], Change | None] = {}
        self._handles: dict[tuple[FunctionInfo, frozenset[str]], set[str]] = {}  # _local_handles
        self._used: dict[FunctionInfo | None, set[str]] = {}  # _used_by
        # Targets the walk spells out for writes written otherwise (`setattr(o, "a", v)` is
        # `o.a`, `s.a` after `s = STATE` is `STATE.a`), each to the node written: its line.
        self._spelt: dict[cst.CSTNode, cst.CSTNode] = {}
        # Per scope and name, what a name bound to another name or a chain of one aliases.
        self._aliases: dict[tuple[FunctionInfo | None, str], cst.BaseExpression] = {}
        self._walk()
        self._named: dict[str, list[Event]] = {}
        # A name's binds, defs, classes and imports by module-level code (`_module_binds`): asked
        # per attribute read, they are few where `_named` holds every call of a name like `jnp`.
        self._module_binders: dict[str, list[Event]] = {}
        self._attribute_writes: dict[FunctionInfo | None, list[Event]] = {}  # attribute writes, by scope
        self._by_method: dict[str, list[Event]] = {}  # calls of a method by its name (`x.set_scale(...)`, any `x`)
        self._param_mutations: list[Event] = []  # the "mutate_param" events
        for event in self.events:
            self._named.setdefault(event.name, []).append(event)
            if event.scope is None and not event.in_class and event.kind in ("bind", "fixed"):
                self._module_binders.setdefault(event.name, []).append(event)
            if event.kind == "attr":
                self._attribute_writes.setdefault(event.scope, []).append(event)
            elif event.kind == "mutate_param":
                self._param_mutations.append(event)
            elif event.kind == "call" and isinstance(event.node, cst.Call) and isinstance(event.node.func, cst.Attribute):
                self._by_method.setdefault(event.node.func.attr.value, []).append(event)
        for entry in self._entries:  # `main()`'s `global args; args = ...` binds the module's name where main runs
            for event in self.events_by_scope.get(entry, ()):
                if event.kind == "bind":
                    self._module_binders.setdefault(event.name, []).append(event)
        for binders in self._module_binders.values():
            binders.sort(key=lambda e: e.seq)
        self._reads: dict[FunctionInfo, set[str]] = {}  # a method's reads of `self` (ACC604's trace builders)
        self._calls_in: dict[str, set[str]] = {}  # a module-level def or class -> the roots its code calls
        for event in self.events:
            if event.kind == "call" and event.scope is not None:
                owner = event.scope.outermost
                key = owner.cls.name if owner.cls is not None and owner.cls.function is None else owner.name
                self._calls_in.setdefault(key, set()).add(event.name)
        self._tracing = self._tracing_roots()
        calls = [e for e in self.events if e.kind == "call" and e.name in self._tracing]
        self._first_trace: dict[FunctionInfo | None, int] = {}
        self._traced_loops: set[cst.CSTNode] = set()
        for call in calls:
            self._first_trace.setdefault(call.scope, call.seq)
            self._traced_loops.update(call.loops)
        self._before: dict[FunctionInfo, bool] = {}
        self._positions: dict = {}
        self._mentions: dict[str, tuple[cst.BaseStatement, ...]] = {}
        self._trace_names: dict[FunctionInfo, set[str]] = {}  # _trace_handles

    def line(self, node: cst.CSTNode) -> int:
        """The line of `node`; of the written node for a target the walk spelt out (`_spelt`).
        The node of an event in a function lies in that function's module-level statement,
        which spares `line_of` looking for it."""
        scopes = self._positions.get("scopes")
        if scopes is None:
            scopes = self._positions["scopes"] = {id(e.node): e.scope for e in self.events}
        scope = scopes.get(id(node))
        return line_of(self.module, self._spelt.get(node, node), self._positions, scope.statement if scope is not None else None)

    # -- questions ------------------------------------------------------------------------
    def module_value(self, name: str) -> bool:
        """Whether `name` is a module-level variable: bound by assignments, never by a def,
        class or import (a rebound function or module is another matter)."""
        return {e.kind for e in self._module_binds(name)} == {"bind"}

    def module_function(self, name: str) -> bool:
        """Whether `name` is a module-level function bound again: by a second `def` (a later
        notebook cell), an assignment (`helper = other`) or a function's `global` write, never
        by a class or import (a fallback `def` under `except ImportError` picks one of two, not
        a change). A trace that calls it keeps the function it called while it was built."""
        binders = self._module_binds(name)
        if not binders or not isinstance(binders[0].node, cst.FunctionDef):
            return False
        if not all(e.kind == "bind" or isinstance(e.node, cst.FunctionDef) for e in binders):
            return False
        return len(binders) > 1 or any(e.kind == "bind" and e.scope is not None for e in self._named.get(name, ()))

    def module_object(self, name: str) -> bool:
        """Whether module-level `name` holds an object whose attributes code may write: an
        instance of a class of this module that takes attribute writes (writable_class), a
        module it imports (`import settings`), or a framework's mutable module
        (`nnx.Linear(...)`)."""
        cls = self.instance_class(name)
        if cls is not None:
            return self.writable_class(cls)
        events = self._module_binds(name)
        return bool(events) and (
            all(e.kind == "fixed" and isinstance(e.node, cst.Import) for e in events)
            or self._mutable_module(name)
        )

    def _mutable_module(self, name: str) -> bool:
        """Whether every module-level value of `name` makes a framework's mutable module
        (`nnx.Linear(...)`: a capitalised callable of a `[traced_class] mutable_makers` namespace)."""
        prefixes = tuple(p for traced in self.markers.traced_classes for p in traced.mutable_makers)
        values = self.index.module_values.get(name, []) if prefixes else []
        qualified = [self.index.imports.resolve(v.func) if isinstance(v, cst.Call) else None for v in values]
        return bool(qualified) and all(q and q.startswith(prefixes) and q.rpartition(".")[2][:1].isupper() for q in qualified)

    def module_class(self, name: str) -> bool:
        """Whether module-level `name` is bound only by the `class` statement of a plain class
        of this module (no decorator: a dataclass may be frozen): an object whose attributes
        (`Model.scale = 3.0`, `cls.scale = s` in its classmethod) code may write."""
        cls = self.index.classes.get(name)
        events = self._module_binds(name)
        return cls is not None and not cls.node.decorators and len(events) == 1 and events[0].node is cls.node

    def _module_binds(self, name: str) -> list[Event]:
        """The module-level bindings of `name` in source order: assignments ("bind") and
        `def`, `class` and imports ("fixed"), and the `global` assignments of a function that
        module-level code runs once (`_entries`: a script's `main()`); a class body's attribute
        of that name is no binding of the module's name."""
        return self._module_binders.get(name, [])

    def change_of(self, name: str, reader: FunctionInfo, attribute: str | None = None) -> Change | None:
        """The first change of module-level `name` made after a trace of `reader` could have
        been built, outside `reader` (its own writes are ACC4's), or None. A change by
        module-level code counts only between two calls that reach `reader` through the same
        objects (a notebook that rebinds a name and then redefines the function that reads
        it never calls the stale trace); a change by a function counts unless the function
        only runs before any trace or restores what it changed (a context manager).
        `attribute`: the read is `name.attribute`, which an attribute written on the object
        changes only when it is that one, or one its class's method or property of that name
        reads of `self` (`STATE._scale` under the property `scale`)."""
        key = (name, reader, attribute)
        if key not in self._changes:
            self._changes[key] = self._first_change(name, reader, attribute and self._attributes_behind(name, attribute)) or (
                self.change_elsewhere(reader, f"{self.module_name}.{name}", "rebound")
                if self.module_value(name) else None
            )
        return self._changes[key]

    def change_elsewhere(self, reader: FunctionInfo, written: str, how: str, passed: tuple[str, str] | None = None) -> Change | None:
        """The change another module makes between a build and a hit of a compiled function of
        this one whose trace runs `reader` (`Stale` seeds, in that module's program order): of
        the module attribute `written` (qualified: `cfg.SCALE`), or, with `passed`, of the
        attribute `passed[1]` of the object passed at `passed[0]` (a position or a keyword)."""
        if not self.stale:
            return None
        tops = {f.outermost.name for f in (reader, *self.contexts.runners(reader)) if f.outermost.parent is None and f.outermost.cls is None}
        for stale in self.stale:
            if stale.function in tops and (written in stale.globals or passed is not None and passed in stale.attributes):
                return Change(reader.node, how, stale.caller)
        return None

    def where(self, change: Change) -> str:
        """Where `change` is made, for a message: `at line 12`, or `in module 'train'`."""
        return f"in module '{change.elsewhere}'" if change.elsewhere else f"at line {self.line(change.node)}"

    def call_between_builds(
        self, callees: frozenset[str], reader: Reader, which: Callable[[cst.Call], bool] | None = None,
    ) -> cst.Call | None:
        """The first call of one of `callees` (qualified: `tensorflow.random.set_seed`; or one
        `which` accepts: `layer.register_forward_hook(h)`) that
        falls between a call that may build `reader`'s trace and a later call reusing it, in
        program order, or None: made by module-level code, by a function module-level code runs
        there, or by an entry point no module code runs between two calls of its own (as
        `change_of` judges a rebinding): the write of an input the framework itself keeps,
        which every trace of `reader` read when it was built. `reader` is a function of this
        module or one another module compiles (`Compiled`)."""
        def chosen(event: Event) -> bool:
            if event.kind != "call" or not isinstance(event.node, cst.Call):
                return False
            return which(event.node) if which is not None else self.index.imports.resolve(event.node.func) in callees

        found = next(self.between_builds(chosen, reader), None)
        return found.node if found is not None else None

    def between_builds(self, chosen: Callable[[Event], bool], reader: Reader) -> Iterator[Event]:
        """The events `chosen` accepts that fall between a call that may build `reader`'s trace
        and a later call reusing it, in program order: made by module-level code, by a function
        module-level code runs there, or by an entry point no module code runs between two calls
        of its own."""
        for event in self.events:
            if not chosen(event):
                continue
            if event.scope is None:
                if self._stale_call_around(event, reader, -1):
                    yield event
                continue
            if _inside(event.scope, reader):
                continue
            placed = self._placements(event.scope)
            if self._placed_stale(placed, event, set(), reader, -1) if placed is not None else self._stale_in_own_order(event, reader, False):
                yield event

    def _attributes_behind(self, name: str, attribute: str) -> frozenset[str]:
        """The attributes of the object `name` holds that reading `name.attribute` reads."""
        cls = self.instance_class(name)
        method = cls.methods.get(attribute) if cls is not None else None
        return frozenset({attribute, *(_self_reads(method) if method is not None else ())})

    def _first_change(self, name: str, reader: FunctionInfo, attributes: frozenset[str] | None = None) -> Change | None:
        binds = [e.seq for e in self._module_binds(name) if e.kind == "bind" or _defines(e)]
        if not binds:
            return None
        for event in self._named[name]:
            if not (event.kind in ("bind", "mutate") or _defines(event)) or event.in_class:
                continue
            if attributes is not None and _other_attribute(event, attributes):
                continue
            how = "mutated" if event.kind == "mutate" else "rebound"
            if event.scope is None:
                if event.seq == binds[0] and not self._in_traced_loop(event) or self._same_literal(name):
                    continue
                if self._stale_call_around(event, reader, binds[0], once=_initialises(event, _written_names(event))):
                    return Change(event.node, how)
                continue
            if _inside(event.scope, reader) or _restores(event.scope, self.index):
                continue
            placed = self._placements(event.scope)
            if placed is not None:
                if self._placed_stale(placed, event, _written_names(event), reader, binds[0]):
                    return Change(event.node, how)
            elif not _initialises(event, _written_names(event)) and self._after_trace(event):
                return Change(event.node, how)  # a lazy `if X is None: X = load()` sets it once, before use
        return self._handed_change(name, reader, binds[0])

    def _handed_change(self, name: str, reader: FunctionInfo, first_bind: int) -> Change | None:
        """An item write or mutating call on a parameter (`target["k"] = v`, `target.update(...)`
        of a built-in container) in a function or method that module-level code runs, naming
        `name` in the call, between a build and a later hit: the container handed to it."""
        for event in self._param_mutations:
            scope = event.scope
            if _inside(scope, reader) or _restores(scope, self.index):
                continue
            if isinstance(event.node, cst.Call) and not self._container(name):
                continue  # `update` or `pop` of an object of unknown class may return a new one
            placed = self._placements(scope)
            if placed and self._placed_stale(placed, event, {name, event.name}, reader, first_bind, {name}):
                return Change(event.node, "mutated")
        return None

    def _placed_stale(
        self, placed: list[Event], write: Event, names: set[str], reader: FunctionInfo, first_bind: int, objects: set[str] | None = None,
    ) -> bool:
        """Whether a function's `write` of `names`, run at the module-level events `placed`
        (`_placements`), falls between a build of `reader`'s trace and a later hit; with
        `objects`, only runs whose call hands one of them on (the object the write changes)."""
        once = _initialises(write, names)
        return any(
            self._stale_call_around(p, reader, first_bind, once=once or _initialises(p, names))
            for p in placed if objects is None or _hands(p.node, objects)
        ) or objects is None and self._stale_in_own_order(write, reader, once) or self._stale_inside(write.scope, reader, names, objects, frozenset())

    def _stale_in_own_order(self, write: Event, reader: FunctionInfo, once: bool) -> bool:
        """Whether the function making `write` itself calls `reader`'s compiled callable before
        and after it, in its own program order (`def main(): for step in ...: CFG.lr = lr(step);
        train_step(params)`, also in a Trainer's `fit`): the write falls between a build and a
        later hit whoever runs the function. A write before its first such call is set-up. The
        function's own names that hold the compiled callable count (`step = jax.jit(f)`,
        `program = torch.export.export(model, x)`: `_local_handles`), and a binding that builds
        the trace when applied (`traced = torch.jit.trace(f, x)`, `_builds_when_bound`) is a
        build there, never a later hit. As at module level, a name the function binds again to a
        new cache (a `def` in its loop, `inference = encoder_forward` of that new def; not
        `jax.jit(f)` of the same `f` again) starts an empty one."""
        scope = write.scope
        calls = self._own_calls(reader, scope)
        clears = self._cache_clears(reader, scope)
        resets = {
            name: [
                *(e for e in self._named.get(name, ()) if e.scope is scope and e.kind in ("local", "bind", "fixed") and not self._same_cache(e, reader)),
                *clears,
            ]
            for name in {c.name for c in calls}
        }
        return stale_window(
            write, calls, lambda call: resets[call.name], lambda a, b: a.name == b.name and b.kind == "call", once=once,
        ) is not None

    def _own_calls(self, reader: FunctionInfo, scope: FunctionInfo) -> list[Event]:
        """The events of `scope`'s own code that may build or hit `reader`'s trace: the calls
        of the names holding it (`_own_roots`), and the bindings that build it when applied
        (`traced = torch.jit.trace(f, x)`, `server = Server()` tracing in its `__init__`:
        `_builds_when_bound`), a build and never a later hit."""
        return [
            e for root in self._own_roots(reader, scope) for e in self._named.get(root, ())
            if e.scope is scope and (e.kind == "call" and self._may_run(e.node, reader) or self._builds_when_bound(e))
        ]

    def _own_roots(self, reader: FunctionInfo, scope: FunctionInfo) -> set[str]:
        """The names whose calls in `scope`'s own code may run `reader`'s trace: the module-level
        ones (`_reaching`), and those `scope` binds to what holds the trace (`_local_handles`),
        a compiled wrapper of the module-level function that holds `reader` among them
        (`step = jax.jit(f)` in `main()`, where no module-level name keeps `f`'s traces). A
        module-level function no marker decorates, called by its own name, runs eagerly: no call
        of the trace."""
        if isinstance(reader, Compiled):
            roots = self._reaching(reader)
            return roots | self._local_handles(scope, frozenset(roots))
        top = reader.outermost
        plain = top.parent is None and top.cls is None and self.index.functions.get(top.name) is top
        roots = self._reaching(reader) | ({reader.name} if reader is not top or not plain or self._decorated(top) else set())
        roots |= self._closure_holders(scope, reader)
        return roots | self._local_handles(scope, frozenset(roots | ({top.name} if plain else set())))

    def _closure_holders(self, scope: FunctionInfo, reader: FunctionInfo) -> set[str]:
        """The names `scope` binds to what holds the closure it defines that runs `reader`
        (`layer = Lambda(lambda x: ...)`, `model = keras.Model(inp, layer(inp))` in `main()`),
        as module-level values holding a module-level one are (acclint.analysis.closure_holders)."""
        closure = defined_in(reader, scope)
        if closure is None:
            return set()
        return {e.name for e in self._holding(scope, closure)[1]}

    def _holding(self, scope: FunctionInfo, closure: FunctionInfo) -> tuple[list[Event], list[Event]]:
        """`scope`'s own bindings in source order, and those that hold `closure`, a function or
        lambda it defines: a cached marker applied to it, an object an `[[instances]]` maker
        makes from such a holder (acclint.analysis.closure_holders)."""
        binds = [e for e in self.events_by_scope.get(scope, ()) if e.kind in ("local", "bind", "fixed")]

        def compiles(call: cst.Call) -> bool:
            found = self.contexts.applied(call, scope)
            return found is not None and found[0].kind == CACHED

        def makes(call: cst.Call) -> bool:
            return self.index.imports.resolve(call.func) in self.markers.instances

        return binds, holder_bindings((e for e in binds if e.value is not None), closure, compiles, makes)

    def _holder_runs(self, scope: FunctionInfo, closure: FunctionInfo) -> list[Event]:
        """The calls in `scope` that run the trace a binding of it holding `closure` keeps: a
        call of the name, or of a method that runs an object's traced methods (a Keras model's
        `fit`, `predict`: `[traced_class] eagerly.steps`), where that binding reaches the call
        (acclint.analysis.closure_holders.holder_runs)."""
        binds, holders = self._holding(scope, closure)
        if not holders:
            return []

        def steps(bind: Event) -> frozenset[str]:
            made = self.contexts.objects.types(bind.value, scope)
            return frozenset(
                step for traced in self.markers.traced_classes if any(traced.based_on(t) for t in made) for step in traced.eager_steps
            )

        names = {e.name for e in holders}
        calls = [e for name in names for e in self._named.get(name, ()) if e.kind == "call" and e.scope is scope]
        return holder_runs(calls, binds, holders, steps)

    def _local_handles(self, scope: FunctionInfo, roots: frozenset[str]) -> set[str]:
        """The names `scope` binds in its own body to what holds a trace of `roots`: a value
        that hands one on (`step = jax.jit(f)`, `program = torch.export.export(model, x)`) or an
        instance of a class among them (`model = Net()`); in source order, so a name bound to
        one of these (`model` in `export(model, x)`) counts too. A value a root's call returns
        (`y = f(x)`) is computed, not held."""
        key = (scope, roots)
        if key not in self._handles:
            found: set[str] = set()
            for e in self.events_by_scope.get(scope, ()):
                if e.kind not in ("local", "bind") or e.value is None:  # its own names, and globals it binds in its order
                    continue
                value = e.value
                if self._new_wrapper(e) and value.args:  # `layer = torch.compile(Linear())`: what it wraps holds it
                    value = value.args[0].value
                made = isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in roots and value.func.value in self.index.classes
                if made or _hands_on(value, roots | found):
                    found.add(e.name)
            self._handles[key] = found
        return self._handles[key]

    def _stale_inside(
        self, fn: FunctionInfo, reader: FunctionInfo, names: set[str], objects: set[str] | None, seen: frozenset,
    ) -> bool:
        """Whether a function that runs `fn` (to any depth) does so, in its own program order,
        between two of its calls of `reader`'s compiled callable (`def main(): for epoch in
        ...: step(w); set_lr(lr / 2)`), or between a binding that builds the trace and a later
        call (`server = Server(x)` tracing in its `__init__`, `load_config(...)`,
        `server.serve(x)`: benchmarks/blind3 torch_trace_global_dict_1; `_own_calls`):
        module-level order cannot tell, the call of `main()` being both."""
        if fn in seen:
            return False
        if fn.cls is None:  # a nested function is called by name in the function defining it
            uses = [e for e in self._named.get(fn.name, ()) if e.kind == "call" and (fn.parent is None or e.scope is fn.parent)]
        elif fn.parent is None:
            uses = self._by_method.get(fn.name, [])
        else:
            return False
        for use in uses:
            scope = use.scope
            if scope is None or _inside(scope, fn) or _inside(scope, reader) or objects is not None and not _hands(use.node, objects):
                continue
            calls = self._own_calls(reader, scope)
            clears = self._cache_clears(reader, scope)
            if stale_window(
                use, calls, lambda call: clears, lambda a, b: a.name == b.name and b.kind == "call", once=_initialises(use, names),
            ) is not None:
                return True
            if self._stale_inside(scope, reader, names, None, seen | {fn}):
                return True
        return False

    def _placements(self, fn: FunctionInfo, seen: frozenset = frozenset()) -> list[Event] | None:
        """The module-level events at which the code of `fn` runs, in program order: the
        module-level calls of it (or of the method, by name on any object) and of the functions
        and methods calling it, to any depth, and a decorator it is applied as. A method nothing
        calls never runs (`[]`) where module-level code uses the module's instances of its class
        itself (a script); a module that only makes them leaves their users' order unknown. None where
        some run of it is out of sight: a nested function, a dunder method, a function handed on
        as a value or never called (a library's entry point), a cycle."""
        if fn.parent is not None or fn in seen:
            return None
        if fn.cls is None:
            if self.index.functions.get(fn.name) is not fn:
                return None
            uses = []
            for use in self._named.get(fn.name, ()):
                if use.kind == "call" or use.kind == "ref" and isinstance(use.node, cst.Decorator):
                    uses.append(use)
                elif use.kind == "ref":
                    return None  # handed on: runs whenever its holder calls it
            if not uses:
                return None
        else:
            if fn.cls.function is not None or fn.name.startswith("__") or self.index.classes.get(fn.cls.name) is not fn.cls:
                return None
            uses = self._by_method.get(fn.name, [])
            if not uses and not self._uses_instances(fn.cls):
                return None  # the module makes no use of its objects itself: their users may call it
        found: list[Event] = []
        for use in uses:
            if use.scope is None:
                found.append(use)
            elif not _inside(use.scope, fn):
                lifted = self._placements(use.scope.outermost, seen | {fn})
                if lifted is None:
                    return None
                found += lifted
        return found

    def _uses_instances(self, cls: ClassInfo) -> bool:
        """Whether module-level code uses its own instances of `cls` itself: calls a method of
        one, hands one itself to a call (`Wrapper(env)`, `tune(env)`; a bound method of it only
        to a tracing wrapper, `jax.jit(counter.count)`, which runs that method alone: jax#20732,
        whose `reset` the script never calls; handed elsewhere, `hooks.append(counter.reset)`,
        it leaves the object to the code given it) or writes its attribute, so that every call
        of their methods is in sight (a script, not a library). The code of a function module-level
        code runs once (`main()` under `if __name__ == "__main__":`, `_entries`) is the script's
        too, with the instances it makes itself (`counter = Counter()` in `main()`)."""
        if self._instances(cls) & self._used_by(None):
            return True
        return any(
            self._used_by(entry) & {
                e.name for e in self.events_by_scope.get(entry, ())
                if e.kind == "local" and isinstance(e.value, cst.Call) and isinstance(e.value.func, cst.Name) and e.value.func.value == cls.name
            }
            for entry in self._entries
        )

    @cached_property
    def _entries(self) -> list[FunctionInfo]:
        """The module-level functions (no decorator, no method) that module-level code calls by
        name exactly once, in no loop, and names nowhere else: a script's `main()`, whose body runs
        once, in program order, where it is called."""
        found = []
        for name, fn in self.index.functions.items():
            uses = [e for e in self._named.get(name, ()) if e.kind in ("call", "ref")]
            if (isinstance(fn.node, cst.FunctionDef) and not fn.node.decorators and len(uses) == 1
                    and uses[0].kind == "call" and uses[0].scope is None and not uses[0].loops):
                found.append(fn)
        return found

    def _used_by(self, scope: FunctionInfo | None) -> set[str]:
        """The names `scope`'s own code (None: module-level code) calls through, hands to a call,
        or writes an attribute of, or hands a bound method of to a tracing wrapper (and of no
        other to another call)."""
        if scope in self._used:
            return self._used[scope]
        used: set[str] = set()
        traced, handed = set(), set()  # objects a bound method of which is handed to a tracing wrapper / elsewhere
        for e in self.events:
            if e.scope is not scope:
                continue
            if e.kind == "call":
                used.add(e.name)
                used.update(a.value.value for a in e.node.args if isinstance(a.value, cst.Name))
                owners = {
                    a.value.value.value for a in e.node.args
                    if isinstance(a.value, cst.Attribute) and isinstance(a.value.value, cst.Name)
                }
                (traced if self.markers.get(self.index.imports.resolve(e.node.func)) is not None else handed).update(owners)
            elif e.kind == "attr":
                used.add(_root(e.node.value))
        self._used[scope] = found = used | traced - handed
        return found

    def _same_literal(self, name: str) -> bool:
        """Whether module-level code binds `name` only to one literal, spelt alike each time
        (`N = 1500` again in a later section): rebinding it changes no value."""
        assigned = self.index.module_values.get(name, [])
        binds = sum(1 for e in self._named.get(name, ()) if e.kind == "bind" and not e.in_class)
        spelt = {self.module.code_for_node(v).strip() for v in assigned if isinstance(v, (cst.Integer, cst.Float, cst.SimpleString, cst.Name))}
        return len(assigned) == binds and len(spelt) == 1 and all(isinstance(v, (cst.Integer, cst.Float, cst.SimpleString)) or isinstance(v, cst.Name) and v.value in ("True", "False", "None") for v in assigned)

    def _stale_call_around(self, change: Event, reader: FunctionInfo, first_bind: int, once: bool = False, through: str | None = None) -> bool:
        """Whether module-level code can call into `reader` (building a trace) after the
        variable's first binding and before `change`, and call into it again after `change`
        through the same name with no new cache in between (trace_time.stale_window): a
        redefinition of that name or a new wrapper bound to it, or a call that empties every
        cache (`jax.clear_caches()`). `once`: the change is a lazy initialisation, made the
        first time it is reached. A call of a method of a module-level object that cannot run
        the trace (`obj.set_scale(3.0)`, `Model()` whose `__init__` only wraps it) is no call.
        `through`: only calls through that name count (the instance whose own cache it is)."""
        calls = [e for e in self.calls_into(reader, None, through) if e.seq > first_bind or set(e.loops) & set(change.loops)]
        clears = self._cache_clears(reader)
        holders = self._holders(reader)
        resets = {
            name: [*self._resets(name, reader), *clears, *(e for held in holders - {name} for e in self._resets(held, reader))]
            for name in {c.name for c in calls}
        }
        resets_of = {call: [*resets[call.name], *self._attribute_rewraps(call), *self._new_graph_keys(call)] for call in calls}
        # a binding that builds (`_builds_when_bound`) is a build, never a later hit
        return stale_window(
            change, calls, resets_of.__getitem__, lambda a, b: a.name == b.name and b.kind == "call", once=once,
        ) is not None

    def calls_into(self, reader: FunctionInfo, scope: FunctionInfo | None, through: str | None = None) -> list[Event]:
        """The calls `scope`'s own code makes (None: module-level code) that can run `reader`,
        building its trace or reusing it (a binding that builds counts too); `through`: only
        calls through that name."""
        return [
            e for root in self._reaching(reader) if through is None or root == through for e in self._named.get(root, ())
            if (e.kind == "call" and self._may_run(e.node, reader) and self._calls_this_definition(e, reader)
                and self._holds_reader(e, reader) and not self._holds_other_class(e, reader) or self._builds_when_bound(e))
            and e.scope is scope
        ]

    def _holders(self, reader: FunctionInfo) -> set[str]:
        """The module-level names that alone hold `reader`'s compiled callable, where no marker
        decorates its function: each bound to a value handing it on (`train_op =
        objax.Jit(train_op_nojit)`, `predict = jax.jit(lambda x: model(x))`). A call of a
        function that reaches `reader` through such a name (`train_epoch()` calling
        `train_op(...)`) finds the name's new value once module-level code rebinds it, and the
        old traces with the old value are no longer reached: a new cache, as for a rebinding of
        the called name itself (objax's tutorial rebinds `gv`, `opt` and `train_op` in one cell)."""
        if isinstance(reader, Compiled):
            return set()  # its decorator compiled it in its own module
        top = reader.outermost
        if top.parent is not None or top.cls is not None or self._decorated(top):
            return set()
        return {
            name for name in self._reaching(reader)
            if any(e.value is not None and (_holds(e.value, top.node) or _mentions(e.value, {top.name})) for e in self._module_binds(name))
        }

    def _new_graph_keys(self, call: Event) -> list[Event]:
        """Module-level bindings, to a new object (`optimizer = nnx.Optimizer(model, optax.sgd(
        lr))`), of the names `call` passes, where the function it calls is compiled by a marker
        that keys each argument's graph definition with its non-array attributes (`[cache_key]
        graph_static_by`, flax.nnx.jit): the object may hold a new static part (the optax
        transform), and a call given it then traces anew (run: tests/test_function_rebound.py).
        acclint cannot tell which new objects do, so none is taken as reusing the old trace."""
        fn = self.index.functions.get(call.name)
        if fn is None or not isinstance(call.node, cst.Call):
            return []
        static_by = {m for framework in self.markers.frameworks_of(fn.markers) for m in framework.cache_key.graph_static_by}
        if not static_by & fn.markers:
            return []
        passed = {a.value.value for a in call.node.args if isinstance(a.value, cst.Name)}
        return [
            e for name in passed for e in self._module_binds(name)
            if e.kind == "bind" and isinstance(e.value, cst.Call)
        ]

    def _builds_when_bound(self, bind: Event) -> bool:
        """Whether `bind` assigns an application of a marker that builds its trace when applied
        (`traced = torch.jit.trace(model, x)` runs `forward` on `x` there: `[cache] built =
        "applied"`), or a new object of a module class whose `__init__` makes one (`server =
        Server()` with `self.post = torch.jit.trace(postprocess, x)` there), or a call of a
        module-level function every `return` of which is such an application (`def export(m,
        x): return torch.jit.trace(m, x)`); the name's later calls replay that trace."""
        value = bind.value
        if bind.kind not in ("bind", "local") or not isinstance(value, cst.Call):
            return False
        if self._builds_when_applied(value):
            return True
        factory = self.index.functions.get(value.func.value) if isinstance(value.func, cst.Name) else None
        if factory is not None and isinstance(factory.node, cst.FunctionDef):
            facts = self.body(factory)
            if facts.returns and not facts.yields and not facts.bare_return:
                return all(isinstance(r, cst.Call) and self._builds_when_applied(r) for r in facts.returns)
        cls = self.index.classes.get(value.func.value) if isinstance(value.func, cst.Name) else None
        init = cls.methods.get("__init__") if cls is not None else None
        return init is not None and any(isinstance(n, cst.Call) and self._builds_when_applied(n) for n in walk_expression(init.node))

    def _builds_when_applied(self, call: cst.Call) -> bool:
        """Whether `call` applies a marker that builds its trace there (`[cache] built = "applied"`)."""
        marker = self.markers.get(self.index.imports.resolve(call.func))
        return marker is not None and self.markers.framework(frozenset({marker.name})).built_when_applied

    def _holds_reader(self, call: Event, reader: FunctionInfo) -> bool:
        """Whether the name `call` goes through may hold `reader`'s trace when it runs: where
        module-level code binds the name to values that hand on `reader` (`ds = ds.map(lambda x:
        ...)`, `ds = ds.map(scale_all)`), only a call after such a binding (or in a later pass of
        a loop around both) can; an earlier call through the name (`ds.batch(10).map(other)`)
        runs something else. A name with no such binding (the function's own) always may."""
        if isinstance(reader, Compiled):
            return True
        top = reader.outermost
        holding = [
            e for e in self._module_binds(call.name)
            if e.value is not None and (_holds(e.value, top.node) or _mentions(e.value, {top.name}))
        ]
        return not holding or any(precedes(e, call) for e in holding)

    def _holds_other_class(self, call: Event, reader: FunctionInfo) -> bool:
        """Whether `call` (`name.m(...)`, `name(...)`) runs on an instance of a class of the module that is
        neither the class of the method `reader` is nor a subclass of it, and whose code cannot
        reach `reader`: the binding of `name` that ran last before the call, unconditional and
        in no loop with it, makes one (`model = MyModel()` before `model.fit(...)`, where
        `reader` is `CustomTraining.train_step`). A method inherited from a library base runs
        the object's own methods: then none of them may reach `reader`, and the call hands on
        no function, class or instance of the module's."""
        if isinstance(reader, Compiled):
            return False  # a function of another module, no method of a class of this one
        node, cls = call.node, reader.outermost.cls
        binds = self._module_binds(call.name)
        if not isinstance(node, cst.Call) or cls is None or cls.function is not None or any(set(e.loops) & set(call.loops) for e in binds):
            return False
        if isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name):
            method = node.func.attr.value
        elif isinstance(node.func, cst.Name):
            method = "__call__"  # `model(x)`
        else:
            return False
        earlier = [e for e in binds if e.seq < call.seq]
        if not earlier or earlier[-1].kind != "bind" or earlier[-1].conds:
            return False
        value = earlier[-1].value
        made = self.index.classes.get(value.func.value) if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) else None
        if made is None or any(cls is known for known in self._lineage(made)):
            return False
        if method in made.methods or not made.bases:
            return not self._method_may_run(made, method, reader, frozenset(), settled=True)
        return not self._hands_module_code(node) and not any(
            self._method_may_run(owner, own, reader, frozenset(), settled=True) for owner in self._lineage(made) for own in owner.methods
        )

    def _lineage(self, cls: ClassInfo) -> list[ClassInfo]:
        """`cls` and the module's classes it derives from (bases named plainly), nearest first."""
        found = [cls]
        for known in found:
            for base in known.bases:
                parent = self.index.classes.get(base.value) if isinstance(base, cst.Name) else None
                if parent is not None and all(parent is not known for known in found):
                    found.append(parent)
        return found

    def _library_attribute(self, cls: ClassInfo, writes: list[Event]) -> bool:
        """Whether `writes` (of one attribute name) include one by the code of `cls` or of a
        module class it derives from, and each of those assigns what a call of an imported
        name makes, handed none of the module's code (`tf.keras.layers.Dense(units)`)."""
        owners = self._lineage(cls)
        own = [e for e in writes if e.scope is not None and any(e.scope.outermost.cls is owner for owner in owners)]
        return bool(own) and all(
            isinstance(e.value, cst.Call) and self.index.imports.is_imported(e.value.func) and not self._hands_module_code(e.value)
            for e in own
        )

    def _hands_module_code(self, call: cst.Call) -> bool:
        """Whether `call`'s arguments name a function or class of the module, or a module-level
        name bound to an instance of one of its classes: code the callee may run."""
        classes, functions = self.index.classes, self.index.functions
        for arg in call.args:
            for node in walk_expression(arg.value):
                if isinstance(node, cst.Name) and (node.value in classes or node.value in functions or any(
                    isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value in classes
                    for v in self.index.module_values.get(node.value, ())
                )):
                    return True
        return False

    def _attribute_rewraps(self, call: Event) -> list[Event]:
        """Module-level writes of a new compiled callable to the attribute `call` calls
        (`obj.step = jax.jit(obj._step)` before `obj.step(x)`): a new, empty cache."""
        func = call.node.func if isinstance(call.node, cst.Call) else None
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
            return []
        return self._rewraps.get((func.value.value, func.attr.value), [])

    @cached_property
    def _rewraps(self) -> dict[tuple[str, str], list[Event]]:
        """Module-level writes of a new compiled callable to an attribute of a name, by (name,
        attribute), in source order: worked out once for every call through the attribute."""
        found: dict[tuple[str, str], list[Event]] = {}
        for e in self._attribute_writes.get(None, ()):
            if isinstance(e.node, cst.Attribute) and isinstance(e.node.value, cst.Name) and self._new_wrapper(e):
                found.setdefault((e.node.value.value, e.name), []).append(e)
        return found

    def _new_wrapper(self, bind: Event) -> bool:
        """Whether `bind` assigns a cached marker's new application that starts an empty cache."""
        value = bind.value
        if not isinstance(value, cst.Call):
            return False
        marker = self.markers.get(self.index.imports.resolve(value.func))
        return marker is not None and marker.kind == CACHED and not self._same_cache(bind, None)

    def _calls_this_definition(self, call: Event, reader: FunctionInfo) -> bool:
        """Whether a module-level call through the name of `reader`'s module-level function
        reaches this definition of it: the last one that ran before the call (a notebook that
        defines `evaluate` twice calls the first one before the second is made). Calls through
        other names, and in a loop around both definitions, may."""
        if isinstance(reader, Compiled):
            return True
        top = reader.outermost
        if call.name != top.name or top.parent is not None or top.cls is not None:
            return True
        defined = self._module_binds(top.name)
        if len(defined) < 2:
            return True
        earlier = [e for e in defined if e.seq < call.seq]
        if not earlier or set(earlier[-1].loops) & set(call.loops):
            return True
        last = earlier[-1]  # the def, or its rebinding to a marker applied to it (`f = jax.jit(f)`)
        return last.node is top.node or last.value is not None and last.value is self.contexts.rewraps.get(top.node)

    def _may_run(self, call: cst.CSTNode, reader: FunctionInfo) -> bool:
        """Whether `call` may run `reader`'s trace: not `obj.m(...)` on a module-level instance
        of a class of the module whose method `m` cannot reach it, nor `Cls(...)` whose
        `__init__` cannot. A call through an imported name runs another module's `reader` only
        when it names it (`model.step(x)`, not `model.evaluate(x)`)."""
        if not isinstance(call, cst.Call):
            return True
        func = call.func
        if isinstance(reader, Compiled) and self.index.imports.is_imported(func):
            return self.index.imports.resolve(func) == reader.qualified
        if isinstance(func, cst.Name) and func.value in self.index.classes:
            return self._method_may_run(self.index.classes[func.value], "__init__", reader, frozenset())
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            cls = self.instance_class(func.value.value)
            if cls is not None:
                return self._method_may_run(cls, func.attr.value, reader, frozenset())
        return True

    def instance_class(self, name: str) -> ClassInfo | None:
        """The class of this module every module-level value of `name` is a new instance of
        (`m = Net()`; not with `m = build()` too, whose result may be of any class)."""
        values = self.index.module_values.get(name, [])
        made = [
            cls for v in values
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and (cls := self.index.classes.get(v.func.value)) is not None
        ]
        return made[0] if made and len(made) == len(values) and all(cls is made[0] for cls in made) else None

    def _method_may_run(self, cls: ClassInfo, name: str, reader: FunctionInfo, seen: frozenset, settled: bool = False) -> bool:
        """Whether calling method `name` on an instance of `cls` may run `reader`'s trace: it
        is `reader` (or encloses it), an attribute bound to a wrapper of it or of a function
        whose trace runs it (`self.step = jax.jit(self._step)`; `self._reset = jax.jit(reset)`
        of a closure calling `self._env.reset(key)`), or its code calls such a method of `self`
        or a module-level name whose call may build a trace; unknown methods (inherited) may.
        `settled`: an attribute the class's own code sets, only ever to a library object made
        without the module's code (`self.gru = tf.keras.layers.GRU(units)`), is that object,
        not an inherited method, and cannot."""
        method = cls.methods.get(name)
        if method is None:
            if name == "__init__" and not cls.bases:
                return False
            runs = self._reaching(reader) if isinstance(reader, Compiled) else {reader.name} | {f.name for f in self.contexts.runners(reader)}
            writes = [e for e in self._named.get(name, ()) if e.kind == "attr" and e.name == name and e.value is not None]
            if any(_mentions(e.value, runs, attributes=True) or self._wraps_reader_object(e, reader) for e in writes):
                return True
            return bool(cls.bases) and not (settled and self._library_attribute(cls, writes))
        if _inside(reader, method) or (name, id(cls)) in seen:
            return _inside(reader, method)
        me = method.self_name
        for node in walk_expression(method.node):
            if not isinstance(node, cst.Call):
                continue
            func = node.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == me:
                if self._method_may_run(cls, func.attr.value, reader, seen | {(name, id(cls))}, settled):
                    return True
            elif _root(func) in self._tracing:
                return True
        return False

    def _wraps_reader_object(self, write: Event, reader: Reader) -> bool:
        """Whether the attribute `write` binds a cached marker applied to an object whose class's
        marker entry is `reader` (`self.fast = torch.jit.trace(model, x)` in `__init__`, every
        `Evaluator(model)` handing an instance of `Mixer`, whose `forward` it runs): every origin
        of that object (Objects.origins) an instance of the class."""
        value = write.value
        marker = self.markers.get(self.index.imports.resolve(value.func)) if isinstance(value, cst.Call) and value.args else None
        if marker is None or marker.kind != CACHED or isinstance(reader, Compiled) or reader.cls is None:
            return False
        objects = self.contexts.objects
        origins = objects.origins(value.args[0].value, write.scope)
        return bool(origins) and objects.runs(reader.cls) is reader and all(
            objects.instance_class(v, where) is reader.cls for v, where in origins
        )

    def _resets(self, name: str, reader: FunctionInfo) -> list[Event]:
        """The module-level events that make calls through `name` reach a new, empty cache: a
        `def` or `class` of that name, an assignment to it; not `name = jax.jit(f)` of the same
        module-level `f` again where the framework keys its cache on the function (framework
        data `[cache] keyed_on`): that finds the old traces."""
        return [e for e in self._module_binds(name) if not self._same_cache(e, reader)]

    def _same_cache(self, bind: Event, reader: FunctionInfo | None) -> bool:
        """Whether `bind` wraps a function of its own scope (not a new lambda or bound method)
        again, where the framework keys its cache on the function: the old traces are found.
        Not when that function is defined anew before the wrap on every pass that wraps it (a
        `def` in the same loops, earlier in the body, in no branch the wrap is outside of:
        neural-tangents' `for dtype in dtypes: def x(): ...; x_jit = jit(x)`): a new function."""
        value = bind.value
        if bind.kind not in ("bind", "local") or not isinstance(value, cst.Call) or not value.args:
            return False
        marker = self.markers.get(self.index.imports.resolve(value.func))
        if marker is None or marker.kind != CACHED:
            return False
        framework = self.markers.framework(frozenset({marker.name}))
        wrapped = value.args[0].value
        if framework.cache_keyed_on != "function" or not isinstance(wrapped, cst.Name):
            return False
        defs = [e for e in self._named.get(wrapped.value, ()) if e.kind == "fixed" and e.scope is bind.scope]
        if wrapped.value in self.index.functions and (bind.scope is None or not defs):
            return True  # the module-level function, wrapped again (in `main()` too)
        return bool(defs) and not any(
            d.loops and d.loops == bind.loops and d.seq < bind.seq and set(d.conds) <= set(bind.conds) for d in defs
        )

    def _cache_clears(self, reader: FunctionInfo, scope: FunctionInfo | None = None) -> list[Event]:
        """Calls in `scope` (None: module-level code) that empty the caches of `reader`'s framework."""
        clears = self.markers.framework(frozenset(reader.markers)).cache_clears
        if not clears:
            return []
        return [
            e for e in self.events
            if e.kind == "call" and e.scope is scope and self.index.imports.resolve(e.node.func) in clears
        ]

    def closure_change(
        self, name: str, outer: FunctionInfo, runners: set[str], reader: FunctionInfo, attribute: str | None = None,
    ) -> Change | None:
        """The first write of `outer`'s variable `name` (read by the cached closure `reader`)
        that falls, in `outer`'s program order, between a call there through one of `runners`
        (the names it calls the closure's compiled callable by) and a later call through the
        same name, with no new cache in between: the closure defined again, a new wrapper
        bound to the name (not `jax.jit` of the same closure again), a cache clear. A write is
        a binding in `outer`, or a call there of a function nested in it that declares the
        name `nonlocal`, or a change in place of the object it holds there (an item or attribute
        written, a mutating method of a built-in container it is bound to; where the closure
        reads `name.attribute`, a write of another attribute is none). The method's own object
        (`self`) is ACC604's."""
        binds = [e for e in self._named.get(name, ()) if e.kind == "local" and e.scope is outer]
        containers = all(_container_value(e.value, self.index) for e in binds)
        read = frozenset({attribute}) if attribute is not None else None
        writes = [
            *binds,
            *(  # changed in place: an item or attribute written, a built-in container's mutating method
                e for e in self._named.get(name, ())
                if e.kind == "local_mutate" and e.scope is outer and name != outer.instance_param
                and (containers or not isinstance(e.node, cst.Call)) and not (read and _other_attribute(e, read))
            ),
        ]
        for fn in outer.inner.values():
            if name in self.body(fn).declared_outer:
                writes += [e for e in self._named.get(fn.name, ()) if e.kind == "call" and e.scope is outer]
        calls = [e for runner in runners for e in self._named.get(runner, ()) if e.kind == "call" and e.scope is outer]
        calls += [e for e in self._holder_runs(outer, reader) if e.name not in runners]
        clears = self._cache_clears(reader, outer)
        resets = {
            runner: [
                *(e for e in self._named.get(runner, ()) if e.scope is outer and e.kind in ("local", "fixed") and not self._same_cache(e, reader)),
                *clears,
            ]
            for runner in {call.name for call in calls}
        }
        resets_of = {call: resets[call.name] for call in calls}
        for write in sorted(writes, key=lambda e: e.seq):
            if write.kind == "local_mutate" and self._same_every_pass(write, outer, calls):
                continue
            once = _initialises(write, {name})
            if stale_window(write, calls, resets_of.__getitem__, lambda a, b: a.name == b.name, once=once) is not None:
                return Change(write.node, "mutated" if write.kind == "local_mutate" else "rebound")
        return None

    def _same_every_pass(self, write: Event, outer: FunctionInfo, calls: list[Event]) -> bool:
        """Whether `write`, an item or attribute assignment in a loop of `outer`, stores the
        same value on every pass before any call of that pass (maxtext's
        `layer_kwargs["decoder_input_tokens"] = input_tokens`): the first pass stores it before
        the first build, the later ones change nothing. Same: no name in the value is bound
        in the loop except to values of such names (one step: `token = base` then
        `kw["t"] = token`); no call in it (which may give another value each time)."""
        if write.value is None or not write.loops:
            return False
        loop = write.loops[-1]
        if any(loop in c.loops and c.seq < write.seq for c in calls):
            return False

        def steady(expr: cst.BaseExpression, depth: int) -> bool:
            nodes = list(walk_expression(expr))
            if any(isinstance(n, cst.Call) for n in nodes):
                return False
            for name in {n.value for n in nodes if isinstance(n, cst.Name)}:
                binds = [e for e in self._named.get(name, ()) if e.kind == "local" and e.scope is outer and loop in e.loops]
                if binds and (depth == 0 or not all(e.value is not None and steady(e.value, depth - 1) for e in binds)):
                    return False
            return True

        return steady(write.value, 1)

    def _reaching(self, reader: FunctionInfo) -> set[str]:
        """Module-level names whose call may run a trace of `reader` that outlives the call:
        its own function (or the module-level function or class it is nested in), values made
        from those (`step = jax.jit(f)`, `model = Model()`), and functions and classes that
        call them.

        A closure is a new function, with empty caches, on every call of the host function
        that defines it (a factory: `def make(): @jax.jit def step(x): ...`, jax-md's
        `hybrid_swap_mc` returning closures): calling the factory from host code builds
        traces that die with the call. Only what keeps its result keeps them: a value made
        from it (`step = make()`), or a cached function that calls it (the closure is then
        part of that function's own trace)."""
        found = self._reach.get(reader)
        if found is not None:
            return found
        kept: set[str] = set()  # calls reuse traces made by earlier calls
        fresh: set[str] = set()  # each call makes its traces anew
        eager: set[str] = set()  # each call runs the reader eagerly: no trace at all
        if isinstance(reader, Compiled):
            # the names its imports bind to it or to its module (`step`, `model`: `_may_run`
            # tells `model.step(x)` from `model.evaluate(x)`)
            kept.update(
                name for name in self.index.imports.bound_names()
                if (qualified := self.index.imports.resolve(cst.Name(name))) is not None
                and (qualified == reader.qualified or reader.qualified.startswith(qualified + "."))
            )
            self._reach[reader] = kept = self._grown(kept, fresh, eager)
            return kept
        top = reader.outermost
        if top.cls is not None and top.cls.function is None:
            kept.add(top.cls.name)
        elif top.parent is None and top.cls is None:
            # Only a compiled callable's call builds a trace: a plain function (or a name bound
            # to the lambda itself) called from host code runs eagerly, and only what compiles
            # it (a marker's value, a compiled caller, a value it is handed to) keeps traces
            own = kept if self._decorated(top) else fresh if reader is not top else eager
            own.add(top.name)
            kept |= self._holding_classes(top)
            for name, values in self.index.module_values.items():
                if any(v is top.node for v in values):
                    own.add(name)
                elif any(_holds(v, top.node) for v in values):
                    kept.add(name)
        self._reach[reader] = kept = self._grown(kept, fresh, eager)
        return kept

    def _grown(self, kept: set[str], fresh: set[str], eager: set[str]) -> set[str]:
        """`kept` (the names whose calls reuse a trace) grown to a fixpoint through the module's
        functions and classes calling them and its values made from them; `fresh` (each call
        makes its traces anew) and `eager` (each call runs the reader eagerly) grow alike, and
        a compiled caller of either keeps what it makes."""
        grew = True
        while grew:
            grew = False
            for name, callees in self._calls_in.items():
                if name in kept:
                    continue
                if callees & kept or callees & (fresh | eager) and self._compiled(self.index.functions.get(name)):
                    kept.add(name)
                    fresh.discard(name)
                    eager.discard(name)
                    grew = True
                elif name not in fresh and callees & fresh:
                    fresh.add(name)
                    eager.discard(name)
                    grew = True
                elif name not in fresh | eager and callees & eager:
                    eager.add(name)
                    grew = True
            for name, values in self.index.module_values.items():
                if name not in kept and any(_mentions(v, kept | fresh) or _hands_on(v, eager) for v in values):
                    kept.add(name)
                    fresh.discard(name)
                    eager.discard(name)
                    grew = True
        return kept

    def _decorated(self, fn: FunctionInfo) -> bool:
        """Whether a cached marker decorates `fn`, or its name is rebound to one applied to it
        (`f = jax.jit(f)`): its calls are calls of the compiled callable."""
        if not isinstance(fn.node, cst.FunctionDef):
            return False
        rewrap = self.contexts.rewraps.get(fn.node)
        return (rewrap is not None and (found := self.contexts.applied(rewrap)) is not None and found[0].kind == CACHED) or any(
            (found := self.contexts.decorator_marker(d.decorator)) is not None and found[0].kind == CACHED
            for d in fn.node.decorators
        )

    def _compiled(self, fn: FunctionInfo | None) -> bool:
        """Whether `fn` (None: a class) may run inside a cached trace, where what it makes
        is part of that trace rather than made anew on each host call."""
        return fn is None or CACHED in fn.contexts

    def attribute_written(
        self, attr: str, reader: FunctionInfo, builders: set[FunctionInfo | None] = frozenset(), objects: set[str] | None = None,
        static_param: str | None = None, links: tuple[str, ...] = (), items: tuple[object, ...] | None = None,
    ) -> Change | None:
        """`_attribute_written`'s change by this module's code, or else one another module makes
        (`change_elsewhere`): of `attr` of a module this one imports (`objects`: `{"cfg"}`), or
        of the object another module passes at the static parameter `static_param`."""
        found = self._attribute_written(attr, reader, builders, objects, static_param, links, items)
        if found is not None or not self.stale or links:
            return found
        imports = self.index.imports
        for name in objects or ():
            qualified = imports.resolve(cst.Name(name)) if name in imports.bound_names() else None
            if qualified is not None and (found := self.change_elsewhere(reader, f"{qualified}.{attr}", "written")) is not None:
                return found
        if static_param is not None:
            params = [p for p in reader.params if not p.star]
            at = next((str(i) for i, p in enumerate(params) if p.name == static_param and p.positional), None)
            for where in filter(None, (at, static_param)):
                if (found := self.change_elsewhere(reader, "", "written", (where, attr))) is not None:
                    return found
        return None

    def _attribute_written(
        self, attr: str, reader: FunctionInfo, builders: set[FunctionInfo | None] = frozenset(), objects: set[str] | None = None,
        static_param: str | None = None, links: tuple[str, ...] = (), items: tuple[object, ...] | None = None,
    ) -> Change | None:
        """The first write of attribute `attr` of the object `reader`'s trace is keyed on by
        identity, after a trace could have been built, outside construction methods and
        outside `reader`, or None. The object is `self` in a method of the reader's class, or
        `objects`: the module-level variables bound to it (by default those bound to an
        instance of the reader's class, `TRAINER = Trainer()`), written by module-level code
        between two calls, by any function through the module's name, or by a module-level
        function through its parameter, called with one of them between two calls
        (`configure(model, 5.0)`); writes to objects of unknown class are not counted. The
        object may also be a function's local, bound only to a new instance (`m = Model()`),
        written in that function, directly or by handing it to a function that writes it,
        between two of its calls there that run the trace (`static_param`: the reader's static
        parameter the object is passed as, for a reader that is no method of its class).

        `builders`: the functions whose code builds `reader`'s trace (`self._step =
        jax.jit(self._step_kernel)` in a `compile` method). A write in a method that also
        resets an attribute such a builder (outside construction) reads (`self._compiled =
        False`, `self._compiled_step = None`) invalidates the trace: the next build traces
        anew and sees the new value, so it is not counted.

        `links`: the attributes between the object and `attr` where the trace reads a chain
        (`("source",)` for `self.source.data_tensor`). A write through the object itself must
        spell the same chain (`lf.source.data_tensor`); a shorter one names another object's
        attribute, which only that object's own code (`Source.replace`) writes.

        `items`: the subscripts the trace reads after `attr` (`("B", 2)` for `self.params["B"][2]`):
        an item write through the attribute reaching the same object (`env.params["B"][2] = m`)
        counts as a write of it (acclint.analysis.item_writes). Where the object is one whose
        method a trace runs from outside it (`objects` given), only an item write through a
        reference handed to other code counts (`self.model.cfg["mix"] = v` in an evaluator built
        with the model: `_through_reference`), not one through the module's own names (flax's
        `model.blocks[1] = ...`, made before any trace, where no call order tells)."""
        cls = reader.cls
        instances = objects if objects is not None else self._instances(cls)
        # read through an instance (through the class, `cls.scale`, it is ACC602's module-level class)
        shared = cls is not None and reader.class_param is None and self.index.classes.get(cls.name) is cls and _class_attribute(cls, attr)
        if shared:
            instances = {*instances, cls.name}  # `Model.scale = v` changes what every instance reads
        written = self._named.get(attr, ())
        held = item_writes(self.events, attr, items) if items is not None else []
        if objects is None:
            written, held = [*written, *held], []
        for event in held:
            scope = event.scope
            if scope is not None and not _inside(scope, reader) and not _construction(scope) and self._through_reference(event, reader, instances, links):
                return Change(event.node, "written")
        for event in written:
            if event.kind != "attr" or event.in_class:
                continue
            scope = event.scope
            if scope is not None and (_inside(scope, reader) or _construction(scope)):
                continue
            owner = _root(event.node.value)
            if shared and scope is not None and scope.cls is cls and owner is not None and owner == scope.class_param:
                owner = cls.name  # a classmethod's `cls.scale = v`, run as `Model.set_scale(v)`
            if links and chain_links(event.node.value) != links and (
                owner in instances or scope is not None and owner is not None and scope.own_class(owner) is cls
            ):
                continue  # the reader's object's own attribute of that name, not the chain's
            if scope is None:
                # the reader's own object among several instances of its class, each with its own
                # cache: only calls through the instance written see its attribute
                through = owner if objects is None and owner != cls.name and len(instances - {cls.name}) > 1 else None
                if owner in instances and self._stale_call_around(event, reader, -1, once=_initialises(event, {attr}), through=through):
                    return Change(event.node, "written")
                continue  # module-level set-up, or no call of the stale trace after it
            placed = self._placements(scope)
            if owner in instances and self.is_module_name(owner, scope):
                if placed is not None and not self._placed_stale(placed, event, {attr}, reader, -1):
                    continue
            elif owner is not None and cls is not None and scope.own_class(owner) is cls:
                if self._empties_cache(scope, cls, reader, builders):
                    continue  # the writer also empties the cache the next call would reuse: a new trace follows
                if any(self._local_stale(call, name, reader, None) for call, name in self._local_runs(scope)):
                    return Change(event.node, "written")  # `lf.set_data(d)` between two `lf.log_likelihood(p)` in `main()`
                if placed is not None and (instances or not placed):  # `[]`: a method nothing calls never runs
                    if self._placed_stale(placed, event, {attr}, reader, -1, instances):
                        return Change(event.node, "written")
                    continue
                if self._unset_when_built(attr, cls) and not self._calls_trace(scope, reader) and not any(
                    self._stale_call_around(call, reader, -1) for call in self._method_calls(scope.outermost, instances)
                ):
                    continue  # set up by a method that must run before the trace can be built
            elif placed is not None and instances and owner is not None and _is_parameter(owner, scope):
                # `self.scale = v` in a method of the object's class, `target.scale = v` in a
                # function handed it: where the module-level runs of that code name the object
                if self._placed_stale(placed, event, {attr}, reader, -1, instances) or self._through_reference(event, reader, instances, links):
                    return Change(event.node, "written")
                continue
            else:
                if self._through_reference(event, reader, instances, links):
                    return Change(event.node, "written")  # `self.head.temperature = t` in a scheduler given the module
                handings = self._handings(scope, owner)
                if any(call.scope is None and name in instances and self._stale_call_around(call, reader, -1) for call, name in handings):
                    return Change(event.node, "written")
                if owner is not None and any(
                    self._local_stale(where, name, reader, static_param)
                    for where, name in [(event, owner), *((call, name) for call, name in handings if call.scope is not None)]
                ):
                    return Change(event.node, "written")
                continue
            return Change(event.node, "written")
        return None

    def _through_reference(self, event: Event, reader: FunctionInfo, instances: set[str], links: tuple[str, ...]) -> bool:
        """Whether the write `event`, in a function, through a reference that is not its own
        object (`agent.cfg.noise = v` in a callback's hook handed the agent, `self.head.temperature
        = t` in a scheduler holding the module), changes what `reader`'s trace read of the object
        it is keyed on (the chain `links` then the attribute) between a build and a later hit.
        The reference is followed back to where its object comes from (Objects.origins): every
        origin must be one of `instances` (the module-level objects the trace is keyed on),
        ordered as the module-level runs of the writing code fall (`_placed_stale`), or a new
        instance of the reader's class made where a call hands it on (`run(Agent(cfg))`),
        ordered in the code handing the reference down (`_stale_through`). A reference of
        unknown origin may hold another instance (a fresh copy the trace never read): no write."""
        cls, scope = reader.cls, event.scope
        written = _strip_links(event.node.value, links)
        if cls is None or scope is None or written is None:
            return False
        root = _root(written)
        if isinstance(written, cst.Name) and scope.own_class(written.value) is not None:
            return False  # the writer's own object: judged as its class's writes are
        placed = self._placements(scope)
        origins = self.contexts.objects.origins(written, scope) if placed is not None else None
        if not origins or not all(isinstance(v, cst.Name) and v.value in instances or self._new_instance(v, cls) for v, _ in origins):
            return False
        if all(isinstance(v, cst.Name) for v, _ in origins):
            return self._placed_stale(placed, event, {event.name}, reader, -1)
        made = frozenset(id(v) for v, _ in origins if written is not root)
        return root is not None and _is_parameter(root, scope) and self._stale_through(event, scope, root, reader, frozenset(), made)

    def _stale_through(
        self, use: Event, scope: FunctionInfo, ref: str, reader: FunctionInfo, seen: frozenset, made: frozenset[int] = frozenset(),
    ) -> bool:
        """Whether `use` (a write through the parameter `ref` of `scope`, or a call handing it on)
        falls between two calls in `scope` that run `reader`'s trace on `ref` (`agent.act(obs)`,
        `_trace_handles`), or on a local of `scope` bound only to one of the constructions `made`
        (the written object's origins, where it is held by another object: `self.trainer.w = v`
        in an annealer built as `KLAnnealer(trainer)`, between two `trainer.step(x)` around
        `annealer.on_epoch(e)`), in its own program order, or, where no such calls are there, a
        call of `scope` by name handing its argument as `ref` does so in the caller, to any depth
        (`cb.on_epoch_end(agent, epoch)` in `run(agent, callbacks)`)."""
        handles = self._trace_handles(reader)
        holders = {ref} | {name for name in self._names_in(scope) if self._bound_only_to(name, scope, made)}
        calls = [
            e for e in self.events_by_scope.get(scope, ())
            if e.kind == "call" and isinstance(e.node, cst.Call) and isinstance(e.node.func, cst.Attribute)
            and isinstance(e.node.func.value, cst.Name) and e.node.func.value.value in holders and e.node.func.attr.value in handles
        ]
        if stale_window(use, calls, lambda call: ()) is not None:
            return True
        if scope in seen or scope.parent is not None:
            return False
        if scope.cls is None:
            sites = [(e, False) for e in self._named.get(scope.name, ()) if e.kind == "call" and isinstance(e.node, cst.Call) and isinstance(e.node.func, cst.Name)]
        else:
            sites = [(e, True) for e in self._by_method.get(scope.name, ())]
        return any(
            site.scope is not None and (name := _passed_as(site.node, scope, ref, bound) or _receiver(site.node, scope, ref)) is not None
            and self._stale_through(site, site.scope, name, reader, seen | {scope}, made)
            for site, bound in sites
        )

    def _names_in(self, scope: FunctionInfo) -> set[str]:
        """The names `scope`'s own code binds as locals."""
        return {e.name for e in self.events_by_scope.get(scope, ()) if e.kind == "local"}

    def _bound_only_to(self, name: str, scope: FunctionInfo, made: frozenset[int]) -> bool:
        """Whether every binding of the local `name` in `scope` is one of the expressions `made` (by id)."""
        binds = [e for e in self._named.get(name, ()) if e.scope is scope and e.kind == "local"]
        return bool(made) and bool(binds) and all(id(e.value) in made for e in binds)

    def _trace_handles(self, reader: FunctionInfo) -> set[str]:
        """The attribute names a call through which runs the method `reader`'s trace on its
        object: its own name, an attribute bound to a marker applied to it (`self.act =
        jax.jit(self._act)`), and a method of its class that makes such a call on its own object
        (`def step(self, x): return self.grad_fn(x)`, to any depth): `trainer.step(x)` runs the
        trace as `trainer.grad_fn(x)` does."""
        if reader not in self._trace_names:
            names = {reader.name} | {
                e.name for e in self.events
                if e.kind == "attr" and isinstance(e.value, cst.Call) and _mentions(e.value, {reader.name}, attributes=True)
            }
            methods = list(reader.cls.methods.values()) if reader.cls is not None else []
            while more := {m.name for m in methods if m.name not in names and self._calls_on_self(m, names)}:
                names |= more
            self._trace_names[reader] = names
        return self._trace_names[reader]

    @staticmethod
    def _calls_on_self(method: FunctionInfo, names: set[str]) -> bool:
        """Whether `method` calls one of the attributes `names` on its own object (`self.step(...)`)."""
        me = method.self_name
        return me is not None and any(
            isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and isinstance(node.func.value, cst.Name)
            and node.func.value.value == me and node.func.attr.value in names
            for node in walk_expression(method.node)
        )

    def _local_stale(self, event: Event, owner: str, reader: FunctionInfo, static_param: str | None) -> bool:
        """Whether `event` falls, in its function's program order, between two calls there that
        run `reader`'s trace keyed on `owner`, a local bound only to new instances of the reader's
        class (of a plain class of the module for a static parameter): `m.apply(x)` for a method,
        `apply(x, m)` passing it as `static_param`, or a call through a local bound to a cached
        marker applied to the bound method (`jit_calc = jax.jit(m.calc)`; `jit_calc(x)`). Rebinding
        `owner` makes a new object, with a new cache (or key)."""
        scope = event.scope
        if scope is None:
            return False
        binds = [e for e in self._named.get(owner, ()) if e.scope is scope and e.kind == "local"]
        if not binds or not all(self._new_instance(e.value, reader.cls if static_param is None else None) for e in binds):
            return False
        handles = {
            e.name for e in self.events_by_scope.get(scope, ())
            if static_param is None and e.kind == "local" and self._wraps_method(e.value, owner, reader)
        }
        calls = [  # a binding that builds (`traced = torch.jit.trace(m, x)`) is a build too
            e for e in (*self._named.get(owner, ()), *self._named.get(reader.name, ()), *(c for h in handles for c in self._named.get(h, ())))
            if e.scope is scope and (
                e.kind == "call" and isinstance(e.node, cst.Call) and (e.name in handles or self._runs_on(e.node, owner, reader, static_param))
                or e.name in handles and self._builds_when_bound(e)
            )
        ]
        return stale_window(event, calls, lambda call: binds) is not None

    def _local_runs(self, method: FunctionInfo) -> list[tuple[Event, str]]:
        """The calls of `method` by its name on a function's own variable (`lf.set_data(d)` in
        `main()`), each with that variable's name: `_local_stale` orders them in that function."""
        if method.cls is None:
            return []
        return [
            (e, e.node.func.value.value) for e in self._by_method.get(method.name, ())
            if e.scope is not None and isinstance(e.node.func.value, cst.Name) and not self.is_module_name(e.node.func.value.value, e.scope)
        ]

    def _wraps_method(self, value: cst.BaseExpression | None, owner: str, reader: FunctionInfo) -> bool:
        """Whether `value` applies a cached marker to `owner`'s bound method `reader` (`jax.jit(m.calc)`),
        or to the object `owner` itself, whose call the compiled callable runs (`torch.jit.trace(m, x)`,
        `torch.compile(m)`), as a module-level name bound so holds its trace."""
        if not isinstance(value, cst.Call) or not value.args:
            return False
        marker = self.markers.get(self.index.imports.resolve(value.func))
        method = value.args[0].value
        if isinstance(method, cst.Name):
            return marker is not None and marker.kind == CACHED and method.value == owner
        return (marker is not None and marker.kind == CACHED and isinstance(method, cst.Attribute)
                and isinstance(method.value, cst.Name) and method.value.value == owner and method.attr.value == reader.name)

    def _new_instance(self, value: cst.BaseExpression | None, cls: ClassInfo | None) -> bool:
        """`Cls(...)`: of `cls`, or (None) of any plain class of the module (identity_class)."""
        made = self.index.classes.get(value.func.value) if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) else None
        return made is not None and (made is cls if cls is not None else self.identity_class(made))

    def writable_class(self, cls: ClassInfo) -> bool:
        """Whether instances of `cls` take attribute writes: a class with no decorator, or one
        `dataclasses.dataclass` (bare or called) not declared `frozen=True`. Whether it hashes
        by identity (identity_class) does not matter to a write; another decorator
        (`flax.struct.dataclass`, `chex.dataclass`) may make it frozen."""
        if not cls.node.decorators:
            return True
        args = self._dataclass_args(cls)
        return args is not None and all(_false(a.value) for a in args if a.keyword is not None and a.keyword.value == "frozen")

    def _dataclass_args(self, cls: ClassInfo) -> Sequence[cst.Arg] | None:
        """The arguments of `cls`'s decorator where its one decorator is `dataclasses.dataclass`
        (none where it is bare), else None."""
        decorators = cls.node.decorators
        if len(decorators) != 1:
            return None
        decorator = decorators[0].decorator
        call = decorator if isinstance(decorator, cst.Call) else None
        if self.index.imports.resolve(call.func if call is not None else decorator) != "dataclasses.dataclass":
            return None
        return call.args if call is not None else ()

    def identity_class(self, cls: ClassInfo) -> bool:
        """Whether instances of `cls` hash by identity and take attribute writes: a class with
        no decorator, or a dataclass declared `eq=False` (and not frozen), which keeps
        `object.__hash__`. Another decorator may make it frozen (`frozen=True`, `flax.struct`)
        or unhashable (a dataclass's default `eq=True` sets `__hash__` to None: tf.function
        raises TypeError on it; run `tf_dataclass_argument`)."""
        if not cls.node.decorators:
            return True
        args = self._dataclass_args(cls)
        if args is None:
            return False
        keywords = {a.keyword.value: a.value for a in args if a.keyword is not None}
        if len(keywords) != len(args):
            return False
        return "eq" in keywords and _false(keywords["eq"]) and ("frozen" not in keywords or _false(keywords["frozen"]))

    def _runs_on(self, call: cst.Call, owner: str, reader: FunctionInfo, static_param: str | None) -> bool:
        """Whether `call` runs `reader` on the object `owner`: `owner.reader(...)` or a call of
        another of its trace handles on it (`owner.step(...)`: `_trace_handles`), or
        `reader(...)` passing `owner` as `static_param`."""
        func = call.func
        if static_param is None:
            return (
                isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == owner
                and func.attr.value in self._trace_handles(reader)
            )
        return isinstance(func, cst.Name) and func.value == reader.name and _passed_as(call, reader, static_param) == owner

    def _handings(self, fn: FunctionInfo, param: str | None) -> list[tuple[Event, str]]:
        """Calls of the module-level function `fn` by name that pass a name as its parameter
        `param` (`configure(model, 5.0)` for `def configure(m, s): m.s = s`): (the call, the
        name), at module level (`call.scope` None) or in a function (a local of it)."""
        if param is None or fn.parent is not None or fn.cls is not None or self.index.functions.get(fn.name) is not fn:
            return []
        if param not in [p.name for p in fn.params]:
            return []
        return [
            (call, name) for call in self._named.get(fn.name, ())
            if call.kind == "call" and isinstance(call.node, cst.Call) and isinstance(call.node.func, cst.Name)
            and (name := _passed_as(call.node, fn, param)) is not None
        ]

    def _calls_trace(self, writer: FunctionInfo, reader: FunctionInfo) -> bool:
        """Whether the method `writer` calls `reader`'s trace on its object (`self.step(...)`,
        or an attribute bound to a marker applied to it: `self._compiled(...)` after `self._compiled =
        jax.jit(self.step)`): it writes before every call, so each call after the first finds
        the old trace (tunix's `Sampler.__call__` setting `self.eos_ids`)."""
        return self._calls_on_self(writer, self._trace_handles(reader))

    def _method_calls(self, method: FunctionInfo, objects: set[str]) -> list[Event]:
        """Module-level calls of `method` on one of `objects` (`t.assign_fn(...)`)."""
        return [
            e for name in objects for e in self._named.get(name, ())
            if e.kind == "call" and e.scope is None and isinstance(e.node, cst.Call)
            and isinstance(e.node.func, cst.Attribute) and e.node.func.attr.value == method.name
        ]

    def _unset_when_built(self, attr: str, cls: ClassInfo) -> bool:
        """Whether construction leaves `self.attr` unset or `None`: the method that sets it
        (`load_params()`, `_create_slots()`) must run before a trace that reads it can be
        built, so its write is set-up, not a change after a build, unless module-level code
        calls it again between two calls of the trace."""
        values = [
            e.value for e in self._named.get(attr, ())
            if e.kind == "attr" and e.scope is not None and _construction(e.scope)
            and (owner := _root(e.node.value)) is not None and e.scope.own_class(owner) is cls
        ]
        return all(isinstance(v, cst.Name) and v.value == "None" for v in values)

    def _instances(self, cls: ClassInfo | None) -> set[str]:
        """Module-level variables bound to an instance of `cls` (by a script's `main()` too,
        through `global`: `_entry_values`)."""
        if cls is None:
            return set()
        return {
            name for values_of in (self.index.module_values, self._entry_values) for name, values in values_of.items()
            if any(isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and v.func.value == cls.name for v in values)
        }

    @cached_property
    def _entry_values(self) -> dict[str, list[cst.BaseExpression]]:
        """The values the functions module-level code runs once (`_entries`) bind module-level
        names to through `global` (`def main(): global env; env = Env()`), by name."""
        found: dict[str, list[cst.BaseExpression]] = {}
        for entry in self._entries:
            for e in self.events_by_scope.get(entry, ()):
                if e.kind == "bind" and e.value is not None:
                    found.setdefault(e.name, []).append(e.value)
        return found

    def held_by_traces(self, class_name: str) -> set[str]:
        """The module-level instances of the module's class `class_name` (`_instances`; asked by
        name, as the language server asks again after an edit) a trace reaches from outside it, so
        that a method the trace runs on one, or a closure reading it, reads its attributes
        once, while tracing: named in the code of a function in a cached context
        (`STATE.value()` in a jitted function); handed to the construction of an object whose
        class makes compiled callables (`Wrapper(env)`, whose `__init__` jits a closure calling
        `self._env.reset(key)`); or, where `cls` is such a class, every instance (the closure
        reads it through its cell)."""
        cls = self.index.classes.get(class_name)
        if cls is None:
            return set()
        makers = self._compiling_classes
        if cls in makers:
            return self._instances(cls)
        made = [  # by module-level code, or by a script's `main()` (`gym_env = Wrapper(env)` there)
            v for values in (
                *self.index.module_values.values(),
                *([e.value for e in self.events_by_scope.get(entry, ()) if e.kind in ("bind", "local")] for entry in self._entries),
            ) for v in values
            if isinstance(v, cst.Call) and isinstance(v.func, cst.Name) and self.index.classes.get(v.func.value) in makers
        ]
        return {
            name for name in self._instances(cls)
            if any(e.scope is not None and CACHED in e.scope.contexts and self.is_module_name(name, e.scope) for e in self._named.get(name, ()))
            or any(_hands(v, {name}) for v in made)
        }

    def _holding_classes(self, top: FunctionInfo) -> set[str]:
        """The module's classes whose code hands the module function `top` to a cached marker
        (`self.post = torch.jit.trace(postprocess, x)`, `self._shift = jax.jit(shift)` in
        `__init__`): their objects keep its traces, and calls through them reuse those."""
        found = set()
        for site in self.index.sites:
            cls = site.scope.outermost.cls if site.scope is not None else None
            if cls is None or cls.function is not None or cls.name in found or not isinstance(site.expr, cst.Call):
                continue
            applied = self.contexts.applied(site.expr)
            if applied is not None and applied[0].kind == CACHED and _hands(site.expr, {top.name}):
                found.add(cls.name)
        return found

    @cached_property
    def _compiling_classes(self) -> set[ClassInfo]:
        """The classes whose methods (or functions nested in them) apply a cached marker: their
        objects hold compiled callables made of their own code."""
        found = set()
        for site in self.index.sites:
            cls = site.scope.outermost.cls if site.scope is not None else None
            if cls is None or cls in found:
                continue
            expr = site.expr
            applied = self.contexts.applied(expr) if isinstance(expr, cst.Call) else self.contexts.decorator_marker(expr)
            if applied is not None and applied[0].kind == CACHED:
                found.add(cls)
        return found

    def static_objects(self, reader: FunctionInfo, param: str) -> set[str]:
        """Module-level variables that module-level calls of `reader` (by its name, or a name bound
        to a wrapper of it: `f = jax.jit(f_impl, static_argnums=1)`) pass as its parameter `param`, each bound only to an instance of a plain class of this module (no
        decorator: a dataclass or `flax.struct` is frozen or unhashable). A class that hashes by
        value is no exception: run on jax 0.10, the cache still finds the old entry for the
        same object after its attribute changed."""
        names = {reader.name, *(self._reaching(reader) if reader.parent is None and reader.cls is None else ())}
        calls_of = [
            e for name in names for e in self._named.get(name, ())
            if e.kind == "call" and (e.scope is None or e.scope in self._entries) and isinstance(e.node, cst.Call)
            and isinstance(e.node.func, cst.Name) and self._calls_this_definition(e, reader)
        ]
        return {
            name for call in calls_of
            if (name := _passed_as(call.node, reader, param, bound=reader.is_method)) is not None and self.plain_instance(name)
        }

    def plain_instance(self, name: str, scope: FunctionInfo | None = None) -> bool:
        """Whether every value the module binds `name` to (a script's `main()` too, through
        `global`) is an instance of a plain class; with `scope`, a name read there, which may
        be its own (`v = Box(1)` in `main()`), bound so there."""
        if scope is not None and not self.is_module_name(name, scope):
            values = [e.value for e in self._named.get(name, ()) if e.scope is scope and e.kind == "local"]
        else:
            values = self.index.module_values.get(name, []) or [e.value for e in self._module_binds(name) if e.kind == "bind"]
        return bool(values) and all(self._new_instance(value, None) for value in values)

    def _builders_read(self, builders: set[FunctionInfo | None], cls: ClassInfo) -> set[str]:
        """The attributes of `self` that the methods of `cls` among `builders` read (outside
        construction, which runs once), each method's reads worked out once."""
        read: set[str] = set()
        for method in builders:
            if method is not None and method.cls is cls and not _construction(method):
                if method not in self._reads:
                    self._reads[method] = _self_reads(method)
                read |= self._reads[method]
        return read

    def _empties_cache(self, writer: FunctionInfo, cls: ClassInfo, reader: FunctionInfo, builders: set[FunctionInfo | None]) -> bool:
        """Whether `writer` (a method of `cls`, or a function nested in one), or a method of
        `cls` it calls on `self` (and those in turn), empties the cache a later call of
        `reader`'s trace would reuse (issue 36 point 2, what resets a cache): it resets an
        attribute the trace's builder checks (`self._compiled = False`, tunix's
        `clear_jit_cache()` setting `self._jitted_train_step_fn = None`), calls what empties
        every cache of the framework (`jax.clear_caches()`, framework data `clears`), or binds
        a new wrapper of the trace to an attribute of `self` (`self.update =
        jax.jit(self._update)`). The next call then traces anew and sees the new value."""
        checked = self._builders_read(builders, cls)
        clears = self.markers.framework(frozenset(reader.markers)).cache_clears
        runs = {reader.name} | {f.name for f in self.contexts.runners(reader)}
        seen: set[FunctionInfo] = set()
        todo = [writer]
        while todo:
            scope = todo.pop()
            if scope in seen:
                continue
            seen.add(scope)
            for e in self._attribute_writes.get(scope, ()):
                if (owner := _root(e.node.value)) is None or scope.own_class(owner) is not cls:
                    continue
                if e.name in checked or self._new_wrapper(e) and e.value.args and _mentions(e.value.args[0].value, runs, attributes=True):
                    return True
            for node in walk_expression(scope.node):
                if not isinstance(node, cst.Call):
                    continue
                func = node.func
                if clears and self.index.imports.resolve(func) in clears:
                    return True
                if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and scope.own_class(func.value.value) is cls:
                    method = cls.methods.get(func.attr.value)
                    if method is not None:
                        todo.append(method)
        return False

    @cached_property
    def events_by_scope(self) -> dict[FunctionInfo | None, list[Event]]:
        """The events of each scope with a program order of its own (the module, None, or a
        function), in source order: a class body's or a lambda's code is left out (it runs at
        another time), as the rules that walk one scope's order at a time need."""
        scopes: dict[FunctionInfo | None, list[Event]] = {}
        for event in self.events:
            scope = event.scope
            if event.in_class or scope is not None and not isinstance(scope.node, cst.FunctionDef):
                continue
            scopes.setdefault(scope, []).append(event)
        return scopes

    def body(self, fn: FunctionInfo) -> BodyFacts:
        found = self.contexts.body_facts.get(fn) or self._bodies.get(fn)
        if found is None:
            found = self._bodies[fn] = collect_body(fn.node, self.contexts.facts, self.index.imports)
        return found

    def enclosing_binder(self, name: str, fn: FunctionInfo) -> FunctionInfo | None:
        """The function enclosing `fn` whose local `name` is (a closure), or None."""
        return fn.parent.nearest_binder(name, self._local_names) if fn.parent is not None else None

    def mentions(self, name: str) -> tuple[cst.BaseStatement, ...]:
        """The module's top-level statements that spell the name `name`, in order: where to
        read every use of a module-level name. Asked as a question (the language server asks it
        again after an edit, acclint.lint.reuse), so a result that read the uses is made again
        when a statement spelling the name changed, came or went."""
        found = self._mentions.get(name)
        if found is None:
            found = self._mentions[name] = tuple(
                statement for statement in self.module.body
                if any(type(n) is cst.Name and n.value == name for n in walk_all(statement))
            )
        return found

    def is_module_name(self, name: str, fn: FunctionInfo) -> bool:
        """Whether `name`, read in `fn`, is the module's (not local, not a closure's)."""
        return fn.nearest_binder(name, self._local_names) is None

    def _local_names(self, fn: FunctionInfo) -> set[str]:
        return self.body(fn).local_names

    # -- when changes count ---------------------------------------------------------------
    def _in_traced_loop(self, event: Event) -> bool:
        return any(loop in self._traced_loops for loop in event.loops)

    def _after_trace(self, event: Event) -> bool:
        """Whether a change a function makes may happen after a trace was built."""
        scope = event.scope
        assert scope is not None
        if self._in_traced_loop(event):
            return True
        first = self._first_trace.get(scope)
        if first is not None and first < event.seq:
            return True
        return not self._runs_before_traces(scope)

    def _runs_before_traces(self, fn: FunctionInfo) -> bool:
        """Whether `fn` starts only before any trace is built: a module-level function that is
        called (or applied as a decorator) only by module-level code or by such functions,
        each time at or before the caller's first call that may build a trace, outside loops
        that make one (`main()` at the end of a script, `setup()` first thing in `main`)."""
        known = self._before.get(fn)
        if known is not None:
            return known
        self._before[fn] = False  # recursion: assume the worst
        uses = [e for e in self._named.get(fn.name, ()) if e.kind in ("call", "ref")]
        answer = (
            fn.parent is None and fn.cls is None and not fn.contexts and bool(uses)
            and self.index.functions.get(fn.name) is fn
            and all(self._early(e) for e in uses)
        )
        self._before[fn] = answer
        return answer

    def _early(self, use: Event) -> bool:
        """Whether a call (or other use) happens before any trace its scope may build."""
        first = self._first_trace.get(use.scope)
        if self._in_traced_loop(use) or first is not None and use.seq > first:
            return False
        return use.scope is None or self._runs_before_traces(use.scope)

    def _tracing_roots(self) -> set[str]:
        """Module-level names whose call may build a cached trace (see the module doc)."""
        functions = self.index.functions
        classes = self.index.classes
        tracing: set[str] = {name for name, fn in functions.items() if CACHED in fn.contexts}
        for name, cls in classes.items():
            if any(CACHED in m.contexts for m in cls.methods.values()):
                tracing.add(name)
        made: dict[str, set[str]] = {}  # module-level value -> the names its calls call
        for name, values in self.index.module_values.items():
            for value in values:
                if isinstance(value, cst.Call):
                    if self.markers.get(self.index.imports.resolve(value.func)) is not None:
                        tracing.add(name)
                    root = _root(value.func)
                    if root is not None:
                        made.setdefault(name, set()).add(root)
        calls_in = self._calls_in
        grew = True
        while grew:
            grew = False
            for name in set(functions) | set(classes) | set(made):
                if name in tracing:
                    continue
                if (calls_in.get(name, set()) | made.get(name, set())) & tracing:
                    tracing.add(name)
                    grew = True
        return tracing

    # -- the walk -------------------------------------------------------------------------
    def _walk(self) -> None:
        by_node = self.index.by_node
        functions = self.index.functions
        callees: set[cst.CSTNode] = set()  # root names of calls and decorators, recorded as such
        globals_of: dict[FunctionInfo, set[str]] = {}
        events = self.events
        # (node, scope, loops, in_class, conds)
        stack: list[tuple[cst.CSTNode, FunctionInfo | None, tuple, bool, tuple]] = [(self.module, None, (), False, ())]

        def add(k: str, name: str, where: cst.CSTNode | None = None, around: tuple | None = None, value=None) -> None:
            """Record an event of the node being walked (`where`: another node), in its loops
            (`around`: others); defined once, it reads the walk's variables when called."""
            where = node if where is None else where
            around = loops if around is None else around
            events.append(Event(len(events), k, name, where, scope, around, in_class, conds, value))

        while stack:
            node, scope, loops, in_class, conds = stack.pop()
            kind = type(node)
            if kind is cst.FunctionDef or kind is cst.Lambda:
                fn = by_node.get(node)
                if kind is cst.FunctionDef and not in_class:
                    add("fixed", node.name.value)  # in a function too: a closure defined again
                if kind is cst.FunctionDef:
                    for dec in node.decorators:
                        root = _root(dec.decorator)
                        if root is not None:
                            add("ref", root, dec)
                            callees.add(_root_node(dec.decorator))
                parts = [d.decorator for d in node.decorators] if kind is cst.FunctionDef else []
                self._push(stack, parts, scope, loops, in_class, conds)
                body = node.body
                stack.append((body, fn, (), False, ()))
                continue
            if kind is cst.ClassDef:
                if scope is None and not in_class:
                    add("fixed", node.name.value)
                self._push(stack, [*(d.decorator for d in node.decorators), *(a.value for a in node.bases)], scope, loops, in_class, conds)
                stack.append((node.body, scope, loops, True, conds))
                continue
            if kind is cst.If:  # its body and its `else` may not run
                stack.extend(reversed([
                    (node.test, scope, loops, in_class, conds),
                    (node.body, scope, loops, in_class, (*conds, (node, True))),
                    *([(node.orelse, scope, loops, in_class, (*conds, (node, False)))] if node.orelse is not None else []),
                ]))
                continue
            if kind is cst.Global and scope is not None:
                globals_of.setdefault(scope, set()).update(item.name.value for item in node.names)
            elif kind is cst.Import or kind is cst.ImportFrom:
                if scope is None and not isinstance(node.names, cst.ImportStar):
                    for alias in node.names:
                        bound = alias.asname.name if alias.asname else alias.name
                        while isinstance(bound, cst.Attribute):
                            bound = bound.value
                        if isinstance(bound, cst.Name):
                            add("fixed", bound.value)
                continue
            elif kind is cst.Assign:
                for t in node.targets:
                    self._target(t.target, add, scope, globals_of, value=node.value)
                if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) and not in_class:
                    self._alias(node.targets[0].target.value, node.value, scope)
            elif kind is cst.AnnAssign and node.value is not None or kind is cst.AugAssign:
                self._target(node.target, add, scope, globals_of)
            elif kind is cst.For:
                self._target(node.target, add, scope, globals_of, (*loops, node))
            elif kind is cst.Del:
                self._target(node.target, add, scope, globals_of)
            elif kind is cst.Call:
                root = _root(node.func)
                if root is not None:
                    add("call", root)
                    callees.add(_root_node(node.func))
                func = node.func
                spelt = _setattr_target(node) if root == "setattr" and "setattr" not in functions else None
                if spelt is not None:
                    self._spell(spelt, node, add, scope, globals_of)
                if isinstance(func, cst.Attribute) and func.attr.value in MUTATORS and isinstance(func.value, cst.Name):
                    aliased = self._aliases.get((scope, func.value.value))
                    if isinstance(aliased, cst.Name) and self._container(aliased.value):
                        self._mutation(aliased.value, add, scope, node)  # `c = CFG; c.update(...)`
                    if self._container(func.value.value):
                        self._mutation(func.value.value, add, scope, node)
                    elif scope is not None and _is_parameter(func.value.value, scope):
                        add("mutate_param", func.value.value)  # `target.update(...)`: judged by what is passed
                    elif scope is not None and not self.is_module_name(func.value.value, scope):
                        add("local_mutate", func.value.value)  # a container of the function's own, closure_change judges
            elif kind is cst.Name and node.value in functions and node not in callees:
                add("ref", node.value)
            if kind in _LOOPS:
                loops = (*loops, node)
            self._push(stack, children(node), scope, loops, in_class, conds)

    @staticmethod
    def _push(stack, nodes, scope, loops, in_class, conds) -> None:
        stack.extend([(child, scope, loops, in_class, conds) for child in reversed(list(nodes))])

    def _target(self, target: cst.BaseExpression, add, scope, globals_of, loops: tuple | None = None, value=None, resolve: bool = True) -> None:
        """Record what assigning (or deleting) `target` changes; `loops`: those around a
        `for` target, the loop itself included (it is rebound on every iteration); `value`:
        what a plain assignment assigns; `resolve`: a target through an alias is also recorded
        as the target it aliases (once: not for that spelt target again)."""
        if type(target) in (cst.Tuple, cst.List):
            for element in target.elements:
                self._target(element.value, add, scope, globals_of, loops)
        elif type(target) is cst.StarredElement:
            self._target(target.value, add, scope, globals_of, loops)
        elif isinstance(target, cst.Name):
            self._aliases.pop((scope, target.value), None)  # bound again: `_walk` notes a new alias
            if scope is None or target.value in globals_of.get(scope, ()):
                add("bind", target.value, target, *(() if loops is None else (loops,)), value=value)
            else:  # a function's own variable (ACC604 follows objects made in a function)
                add("local", target.value, target, *(() if loops is None else (loops,)), value=value)
            return
        root = chain_root(_root_node(target))
        if resolve and root is not None and (scope, root.value) in self._aliases:
            self._spell(_rooted(target, self._aliases[(scope, root.value)]), target, add, scope, globals_of, loops, value, resolve=False)
        if isinstance(target, cst.Attribute):
            add("attr", target.attr.value, target, *(() if loops is None else (loops,)), value=value)
            if isinstance(target.value, cst.Name):
                self._mutation(target.value.value, add, scope, target, value)
            elif isinstance(target.value, cst.Subscript) and isinstance(held := _root_node(target.value), cst.Name):
                self._mutation(held.value, add, scope, target, value)  # `REG["main"].scale = v`: an object the container holds
            elif (held := chain_root(target.value)) is not None and self._mutable_module(held.value):
                self._mutation(held.value, add, scope, target, value)  # `model.kernel.value = v`: a variable of an nnx module
        elif isinstance(target, cst.Subscript):
            base = target.value
            while isinstance(base, cst.Subscript):
                base = base.value
            spelt = _namespace_item(target)
            if isinstance(spelt, cst.Name):  # `globals()["N"] = v` binds the module's `N`
                add("bind", spelt.value, target, *(() if loops is None else (loops,)), value=value)
                return
            if spelt is not None:  # `o.__dict__["a"] = v`, `vars(o)["a"] = v`: `o.a = v`
                self._spell(spelt, target, add, scope, globals_of, loops, value)
            if isinstance(base, cst.Name):
                self._mutation(base.value, add, scope, target, value)
                if scope is not None and _is_parameter(base.value, scope) and not self.is_module_name(base.value, scope):
                    add("mutate_param", base.value, target)  # `target[k] = v`: judged by what is passed
            else:  # `m.__dict__["k"] = v`, `vars(m)["k"] = v` (ACC606 reads these)
                add("item", _root(base) or "", target)
                if (held := chain_root(base)) is not None and self._mutable_module(held.value):
                    self._mutation(held.value, add, scope, target, value)  # `model.kernel[...] = v`

    def _spell(self, spelt: cst.BaseExpression, written: cst.CSTNode, add, scope, globals_of, loops=None, value=None, resolve=True) -> None:
        """Record the write of `spelt`, the target that `written` (a call, an item of a
        namespace, a target through an alias) writes, as that target's assignment."""
        self._spelt[spelt] = self._spelt.get(written, written)
        self._target(spelt, add, scope, globals_of, loops, value, resolve)

    def _alias(self, name: str, value: cst.BaseExpression, scope: FunctionInfo | None) -> None:
        """Note what `name` now aliases: the object a name or a chain of names holds (`s = STATE`,
        `c = model.cfg`, through an earlier alias), not a copy or anything a call makes."""
        root = chain_root(value)
        if root is None or root.value in (name, "None", "True", "False"):
            return
        earlier = self._aliases.get((scope, root.value))
        self._aliases[(scope, name)] = value if earlier is None else _rooted(value, earlier)

    def _container(self, name: str) -> bool:
        """Whether module-level `name` is bound only to built-in containers (a display, or
        `dict()`/`list()`/`set()`/`collections` ones): only on those is `update` or `pop` sure
        to change the object in place (a jax-md neighbour list's `update` returns a new one)."""
        values = self.index.module_values.get(name)
        return bool(values) and all(_container_value(v, self.index) for v in values)

    def _mutation(self, name: str, add, scope: FunctionInfo | None, node: cst.CSTNode, value=None) -> None:
        """Record an in-place change of `name`: of the module's object, or of a function's
        variable (a closure reading it sees the change, ACC605; `value`: what an item or
        attribute assignment stores)."""
        if scope is None or self.is_module_name(name, scope):
            add("mutate", name, node)
        else:
            add("local_mutate", name, node, value=value)


def _class_attribute(cls: ClassInfo, attr: str) -> bool:
    """Whether `attr` is an attribute of the class itself, which its instances read until one
    sets its own: bound in the class body, and set through `self` in none of its methods."""
    bound = any(
        isinstance(small, (cst.Assign, cst.AnnAssign)) and any(
            isinstance(t, cst.Name) and t.value == attr
            for t in ([a.target for a in small.targets] if isinstance(small, cst.Assign) else [small.target])
        )
        for line in cls.node.body.body if isinstance(line, cst.SimpleStatementLine) for small in line.body
    )
    return bound and not any(attr in _self_writes(method) for method in cls.methods.values())


def _container_value(value: cst.BaseExpression | None, index: ModuleIndex) -> bool:
    """Whether `value` makes a built-in container: a display, `dict()`/`list()`/`set()`, a
    `collections` one."""
    return isinstance(value, (cst.Dict, cst.List, cst.Set, cst.DictComp, cst.ListComp, cst.SetComp)) or (
        isinstance(value, cst.Call) and (index.imports.resolve(value.func) or "") in CONTAINERS
    )


def _other_attribute(event: Event, attributes: frozenset[str]) -> bool:
    """Whether `event` writes an attribute of its object other than `attributes`."""
    node = event.node
    return event.kind in ("mutate", "local_mutate") and isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.attr.value not in attributes


def _literal(node: cst.BaseExpression) -> str | None:
    """The text of a plain string literal that is an identifier, or None."""
    if isinstance(node, cst.SimpleString) and node.prefix == "":
        text = node.evaluated_value
        return text if isinstance(text, str) and text.isidentifier() else None
    return None


def _setattr_target(call: cst.Call) -> cst.Attribute | None:
    """`o.a`, the target `setattr(o, "a", v)` assigns."""
    if len(call.args) != 3 or any(a.keyword is not None or a.star for a in call.args):
        return None
    attr = _literal(call.args[1].value)
    return cst.Attribute(value=call.args[0].value, attr=cst.Name(attr)) if attr is not None else None


def _namespace_item(target: cst.Subscript) -> cst.BaseExpression | None:
    """What an item of a namespace names: `o.a` for `o.__dict__["a"]` and `vars(o)["a"]`, `N`
    for `globals()["N"]`; None for other items."""
    if len(target.slice) != 1 or not isinstance(target.slice[0].slice, cst.Index):
        return None
    key = _literal(target.slice[0].slice.value)
    base = target.value
    if key is None:
        return None
    if isinstance(base, cst.Attribute) and base.attr.value == "__dict__":
        return cst.Attribute(value=base.value, attr=cst.Name(key))
    if isinstance(base, cst.Call) and isinstance(base.func, cst.Name):
        if base.func.value == "vars" and len(base.args) == 1:
            return cst.Attribute(value=base.args[0].value, attr=cst.Name(key))
        if base.func.value == "globals" and not base.args:
            return cst.Name(key)
    return None


def _rooted(expr: cst.BaseExpression, root: cst.BaseExpression) -> cst.BaseExpression:
    """`expr` with the name its attribute and item chain starts from replaced by `root`."""
    if isinstance(expr, (cst.Attribute, cst.Subscript)):
        return expr.with_changes(value=_rooted(expr.value, root))
    return root


def _strip_links(written: cst.BaseExpression, links: tuple[str, ...]) -> cst.BaseExpression | None:
    """The object whose chain `links` a write's object `written` ends with (`agent` of `agent.cfg`
    for the links `("cfg",)`), or None where it does not end with them."""
    for link in reversed(links):
        if not isinstance(written, cst.Attribute) or written.attr.value != link:
            return None
        written = written.value
    return written


def _passed_as(call: cst.Call, fn: FunctionInfo, param: str, bound: bool = False) -> str | None:
    """The name `call` passes as the parameter `param` of `fn` (arguments.passed), or None."""
    value = passed(call, fn, bound).get(param)
    return value.value if isinstance(value, cst.Name) else None


def _false(value: cst.BaseExpression) -> bool:
    """Whether `value` is the literal `False` (a dataclass option written out)."""
    return isinstance(value, cst.Name) and value.value == "False"


def _receiver(call: cst.Call, method: FunctionInfo, param: str) -> str | None:
    """The name `call` (`annealer.on_epoch(e)`) runs the method `method` on, where `param` is
    the method's own object (`self`), or None."""
    func = call.func
    if param != method.self_name or not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
        return None
    return func.value.value


def _defines(event: Event) -> bool:
    """Whether `event` is a module-level `def` (binding a function name, as an assignment does)."""
    return event.kind == "fixed" and event.scope is None and isinstance(event.node, cst.FunctionDef)


def _initialises(event: Event, names: set[str]) -> bool:
    """Whether `event` is a lazy initialisation of one of `names`: it runs under `if X is None:`
    (or `if not X:`) where `X` names it (`SCALE`, `obj.scale`, `CFG["scale"]`), so only while
    it is unset. The value changes once, from nothing to its only value, the first time the
    code is reached, before code that needs it reads it (keras-cv's `VOC_PNG_COLOR_MAPPING`,
    filled before the dataset map that traces its reader; `if self.params is None:
    self.load_params()` on the first step)."""
    for branch, in_body in event.conds:
        test = branch.test
        if not in_body:
            continue
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            if _tested_name(test.expression) in names:
                return True
        elif (
            isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Is)
            and isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None"
            and _tested_name(test.left) in names
        ):
            return True
    return False


def _written_names(event: Event) -> set[str]:
    """What a lazy initialisation's test may name for `event`: the variable, and the attribute
    an attribute write changes (`if STATE.scale is None: STATE.scale = 3.0`)."""
    node = event.node
    return {event.name, node.attr.value} if isinstance(node, cst.Attribute) else {event.name}


def _tested_name(expr: cst.BaseExpression) -> str | None:
    """What a lazy initialisation's test names: `X`, the attribute of `obj.attr`, the container
    of `cfg["k"]`."""
    if isinstance(expr, cst.Attribute):
        return expr.attr.value
    if isinstance(expr, cst.Subscript):
        return _root(expr)
    return expr.value if isinstance(expr, cst.Name) else None


def _inside(fn: Reader, outer: Reader) -> bool:
    """Whether `fn` is `outer` or nested in it (a function of another module neither is nor
    holds one of this module)."""
    while isinstance(fn, FunctionInfo):
        if fn is outer:
            return True
        fn = fn.parent
    return False


def _self_reads(method: FunctionInfo) -> set[str]:
    """The attributes of `self` that `method` reads (`self.x` outside a write target)."""
    me = method.self_name
    nodes = list(walk_expression(method.node))
    targets = {id(n.target) for n in nodes if isinstance(n, (cst.AssignTarget, cst.AnnAssign))}
    return {
        node.attr.value for node in nodes
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == me and id(node) not in targets
    }


def _self_writes(method: FunctionInfo) -> set[str]:
    """The attributes of `self` that `method` assigns (`self.x = ...`)."""
    me = method.self_name
    return {
        t.attr.value for node in walk_expression(method.node) if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign))
        for t in [node.target] if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me
    }


def _holds(expr: cst.CSTNode, target: cst.CSTNode) -> bool:
    """Whether `target` (a lambda) is `expr` or lies in it."""
    return any(node is target for node in walk_expression(expr)) if not isinstance(expr, cst.Lambda) else expr is target


def _mentions(expr: cst.CSTNode, names: set[str], attributes: bool = False) -> bool:
    """Whether `expr` reads one of `names` (as an attribute's name too, with `attributes`)."""
    return any(
        isinstance(node, cst.Name) and node.value in names
        or attributes and isinstance(node, cst.Attribute) and node.attr.value in names
        for node in walk_expression(expr)
    )


def _hands(call: cst.CSTNode, names: set[str]) -> bool:
    """Whether `call` hands the object one of `names` holds to the code it runs: as the object
    of a method (`cfg.set_lr(...)`, `cfg.opt.set_lr(...)`) or as an argument (`tune(cfg)`,
    `tune(cfg.opt)`), not a copy made of it (`tune(dict(cfg))`)."""
    if not isinstance(call, cst.Call):
        return False
    values = [a.value for a in call.args]
    if isinstance(call.func, cst.Attribute):
        values.append(call.func.value)
    for value in values:
        while isinstance(value, cst.Attribute):
            value = value.value
        if isinstance(value, cst.Name) and value.value in names:
            return True
    return False


def _hands_on(expr: cst.CSTNode, names: set[str]) -> bool:
    """Whether `expr` reads one of `names` other than to call it: hands the function on
    (`step = jax.jit(f)`, `init, apply = simulate(f)`), where calling it (`y = f(x)`) only
    gives a value computed eagerly."""
    called = {id(node.func) for node in walk_expression(expr) if isinstance(node, cst.Call)}
    return any(isinstance(node, cst.Name) and node.value in names and id(node) not in called for node in walk_expression(expr))


def _restores(fn: FunctionInfo, index: ModuleIndex) -> bool:
    """Whether `fn` (or the function it is nested in) is a context manager's entry or exit,
    or a `contextmanager` generator: state it changes is scoped and put back, so a trace built
    inside reads it on purpose (effect-handler stacks, flags turned on for a block)."""
    top = fn.outermost
    if top.name in ("__enter__", "__exit__", "__aenter__", "__aexit__"):
        return True
    node = top.node
    return isinstance(node, cst.FunctionDef) and any(
        (index.imports.resolve(d.decorator) or "").endswith("contextmanager") for d in node.decorators
    )


def _is_parameter(name: str, fn: FunctionInfo) -> bool:
    """Whether `name` in `fn` is a parameter of it or of the function it is nested in."""
    while fn is not None:
        if any(p.name == name for p in fn.params):
            return True
        fn = fn.parent
    return False


def _construction(fn: FunctionInfo) -> bool:
    method = fn.enclosing_method
    return method is not None and method.name in CONSTRUCTION


def _root_node(node: cst.BaseExpression) -> cst.BaseExpression:
    """The expression a Name/Attribute/Call/Subscript chain starts from."""
    while type(node) in (cst.Attribute, cst.Call, cst.Subscript):
        node = node.value if type(node) in (cst.Attribute, cst.Subscript) else node.func
    return node


def chain_root(node: cst.BaseExpression) -> cst.Name | None:
    """The name an attribute chain of names starts from (`self` of `self.model.weight`), or None."""
    while type(node) is cst.Attribute:
        node = node.value
    return node if type(node) is cst.Name else None


def chain_links(node: cst.BaseExpression) -> tuple[str, ...]:
    """The attribute names of a chain of names after its root (`("source",)` of `lf.source`)."""
    names: list[str] = []
    while isinstance(node, cst.Attribute):
        names.append(node.attr.value)
        node = node.value
    return tuple(reversed(names))


def _root(node: cst.BaseExpression) -> str | None:
    """The name a Name/Attribute/Call/Subscript chain starts from."""
    root = _root_node(node)
    return root.value if isinstance(root, cst.Name) else None


def line_of(module: cst.Module, node: cst.CSTNode, cache: dict, statement: cst.BaseStatement | None = None) -> int:
    """The line `node` starts on (asked only for a finding's message); `statement`: the
    module-level statement it lies in, where known.

    libcst knows no positions: its PositionProvider generates the whole module's code, tracking
    positions, which costs about a second in a 10,000-line module. Instead the module-level
    statement holding `node` is generated alone with positions, and the lines of the statements
    before it, and only those, are counted in their plain generated code (`_statement_start`).
    A node in no statement (the module itself) takes libcst's way."""
    for index, statement in enumerate(module.body) if statement is None else _indexed(module, statement):
        if any(n is node for n in walk_all(statement)):
            alone = cst.Module(
                body=(statement,), header=(), footer=(), encoding=module.encoding,
                default_indent=module.default_indent, default_newline=module.default_newline,
            )
            positions = MetadataWrapper(alone, unsafe_skip_copy=True).resolve(PositionProvider)
            return _statement_start(module, index, cache) + positions[node].start.line - 1
    positions = cache.get("positions")
    if positions is None:
        positions = cache["positions"] = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    return positions[node].start.line


def _indexed(module: cst.Module, statement: cst.BaseStatement) -> list[tuple[int, cst.BaseStatement]]:
    """`statement` with its place in `module.body` (none where it is not there)."""
    return [(index, found) for index, found in enumerate(module.body) if found is statement]


def _statement_start(module: cst.Module, index: int, cache: dict) -> int:
    """The line `module.body[index]` starts on: the header's lines and those of the statements
    before it, counted in their generated code. The counts are kept in `cache` for the module's
    next question and made only as far as asked: the statements after the last one asked about
    are never generated (generating every statement was most of the cost of naming a line)."""
    starts = cache.setdefault("starts", [1 + len(module.header)])
    while len(starts) <= index:
        done = module.body[len(starts) - 1]
        starts.append(starts[-1] + len(NEWLINE_RE.findall(module.code_for_node(done))))
    return starts[index]


@dataclass(frozen=True)
class Written:
    """What the module's code may write, read off its statements alone (`written`): a cheap
    superset of what the bindings' walk records, asked before they are built.

    `attributes`: every attribute name the walk records a write ("attr" event) of, spelt as a
    target (`a.x = v`, `a.x += v`, `a.x: T = v`, `for a.x in ...`, `del a.x`, inside tuples and
    starred targets; through an alias, `s = a; s.x = v`, the name is the same), as the literal
    key of an item target (`a.__dict__["x"]`, `vars(a)["x"]`) or as the literal name of a
    `setattr` call. `names`: every name a target binds (module-level code's, a `global`
    write's, a function's own, a class body's) and the literal keys of item targets
    (`globals()["N"]`). `changed`: the names that may change after their first binding
    ("bind" and "mutate" events past it): bound twice or more, or inside a loop; those whose
    object an item or attribute target, a namespace item (`vars(N)["k"]`), `setattr` or a
    mutating method (`N.append(...)`) may change; and those an assignment aliases (`c = N`,
    the root of its value: a change through `c` is one of `N`). `handed`: whether a function
    may change an object handed to it (an item target on a name, `target["k"] = v`, or a
    mutating method of a name, `target.update(...)`, in a function: the bindings'
    "mutate_param" events, which change whatever a call passes).

    A read of an attribute not in `attributes` is written nowhere
    (`ModuleBindings.attribute_written` is None: ACC602 and ACC604 ask it of every attribute
    read of a module object or a bound object in a trace, `jnp.zeros` among them); a
    module-level function whose name is not in `names` and that has one `def` is never bound
    again (`ModuleBindings.module_function` is False); a module-level variable not in
    `changed` and defined by no `def` never changes where nothing is `handed`
    (`ModuleBindings.change_of` is None). `declared`: the names a function declares `global`:
    a module-level variable may be bound only there (`def main(): global args; args = ...`).
    """

    attributes: frozenset[str]
    names: frozenset[str]
    changed: frozenset[str]
    handed: bool
    declared: frozenset[str]


def written(module: cst.Module, index: ModuleIndex) -> Written:
    """`Written` of `module`. Targets lie in statements, so only statements are entered, never
    an expression; the calls are read off the module index's walk (`ModuleIndex.walks`), which
    enters every part the bindings' walk does."""
    found = _Assigned()
    stack: list[tuple[cst.CSTNode, bool, bool]] = [(statement, False, False) for statement in module.body]
    holds = _HOLDS_STATEMENTS
    while stack:
        node, in_loop, in_function = stack.pop()
        kind = type(node)
        if kind is cst.SimpleStatementLine or kind is cst.SimpleStatementSuite:
            for small in node.body:
                small_kind = type(small)
                if small_kind is cst.Assign:
                    for target in small.targets:
                        found.target(target.target, in_loop, in_function)
                    if any(type(target.target) is cst.Name for target in small.targets):
                        found.root(chain_root(small.value))  # an alias: `c = N`, `c = N.sub`
                elif small_kind is cst.AugAssign or small_kind is cst.AnnAssign or small_kind is cst.Del:
                    found.target(small.target, in_loop, in_function)
                elif small_kind is cst.Global:
                    found.declared.update(item.name.value for item in small.names)
            continue
        if kind is cst.For or kind is cst.While:
            in_loop = True
            if kind is cst.For:
                found.target(node.target, in_loop, in_function)
        in_function = in_function or kind is cst.FunctionDef
        for child in children(node):
            child_kind = type(child)
            known = holds.get(child_kind)
            if known is None:
                known = holds[child_kind] = issubclass(child_kind, _STATEMENT_HOLDERS)
            if known:
                stack.append((child, in_loop, in_function))
    for walk in index.walks.values():
        for node, fn_at, _ in walk:
            if type(node) is not cst.Call:
                continue
            func = node.func
            if type(func) is cst.Attribute and func.attr.value in MUTATORS and type(func.value) is cst.Name:
                found.changed.add(func.value.value)
                found.handed = found.handed or fn_at >= 0
            elif len(node.args) == 3 and _root(func) == "setattr":
                name = _literal(node.args[1].value)
                if name is not None:
                    found.attributes.add(name)
                    found.root(_root_node(node.args[0].value))
    changed = found.changed | {name for name, count in found.counts.items() if count > 1}
    return Written(frozenset(found.attributes), frozenset(found.counts), frozenset(changed), found.handed, frozenset(found.declared))


# The nodes a statement lies in: statements, their blocks and clauses (`else`, `except`,
# `finally`, `case`); per node type, whether it is one (`written`).
_STATEMENT_HOLDERS = (
    cst.BaseCompoundStatement, cst.SimpleStatementLine, cst.BaseSuite, cst.Else, cst.ExceptHandler,
    cst.ExceptStarHandler, cst.Finally, cst.MatchCase,
)
_HOLDS_STATEMENTS: dict[type, bool] = {}


class _Assigned:
    """What `written` finds as it reads targets (`_target`'s cases)."""

    def __init__(self) -> None:
        self.attributes: set[str] = set()
        self.counts: dict[str, int] = {}  # each name a target binds: how many times
        self.changed: set[str] = set()
        self.handed = False
        self.declared: set[str] = set()  # names a function declares `global`

    def bind(self, name: str, in_loop: bool) -> None:
        self.counts[name] = self.counts.get(name, 0) + 1
        if in_loop:
            self.changed.add(name)

    def root(self, node: cst.BaseExpression | None) -> None:
        """A name whose object may change: the root of an item or attribute target's chain."""
        if type(node) is cst.Name:
            self.changed.add(node.value)

    def target(self, target: cst.BaseExpression, in_loop: bool, in_function: bool) -> None:
        kind = type(target)
        if kind is cst.Name:
            self.bind(target.value, in_loop)
        elif kind is cst.Attribute:
            self.attributes.add(target.attr.value)
            self.root(_root_node(target))
        elif kind is cst.Tuple or kind is cst.List:
            for element in target.elements:
                self.target(element.value, in_loop, in_function)
        elif kind is cst.StarredElement:
            self.target(target.value, in_loop, in_function)
        elif kind is cst.Subscript:
            self.root(_root_node(target))
            held = target.value
            while type(held) is cst.Subscript:
                held = held.value
            self.handed = self.handed or in_function and type(held) is cst.Name  # `target[k] = v`
            if len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index):
                key = _literal(target.slice[0].slice.value)
                if key is not None:  # `o.__dict__["k"]`, `vars(o)["k"]`, `globals()["N"]`
                    self.attributes.add(key)
                    self.bind(key, True)
                    item = _namespace_item(target)
                    self.root(_root_node(item) if item is not None else None)
