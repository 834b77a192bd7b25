"""Wrappers inferred from the code acclint reads: functions that trace their callable parameter.

A project's own `def compile_step(fn): return jax.jit(fn)`, a method `Partitioner.partition(self,
fn)` around `pjit`, or a fixed-point loop `def fixed_point(f, x0)` whose `lax.fori_loop` body
calls `f`, put what they are given in a context as surely as the markers they use do. So a
function is a *wrapper* of a parameter when, in its body,

- the parameter (or `functools.partial(param, ...)`, or a list or tuple holding it) is handed to a
  marker or to another wrapper at a position that marker traces (`jax.jit(fn)`, `lax.scan(cell,
  c, xs)`, `jax.jit(jax.grad(fn))`: each call the argument is nested in counts), or
- a function nested in it calls the parameter, and that function is itself handed to a marker or
  wrapper, or decorated by one (`@jax.jit def inner(*a): return fn(*a)`, `lax.fori_loop(0, n,
  body, x)` with `body` calling `f`, `lax.while_loop(lambda c: done(c), ...)`), or
- the parameter is bound into a module-level function that calls it (`partial(_body, f)`), and
  that partial is handed on as such a nested function would be, or it is passed to one
  (`lambda c: _body(f, c)`) in a nested function handed on: calling `_body` calls `f`.

A module-level name bound to a call that gives its function back unchanged for tracing
(`[transparent]`: `fixpoint_iter_backprop = jax.custom_vjp(fixpoint_iter, nondiff_argnums=...)`)
is the wrapper that function is, at the same positions.

A class is a wrapper of a parameter of its `__init__` (or of a dataclass field, by its place
among the fields) that it keeps as an attribute (`self.fun = fun`) when a method hands
`self.fun` on, or calls it in a nested function handed on, as above: `FixedPointIteration(f)
.run(x0)`, whose `run` loops `self.fun` in `lax.while_loop`, traces `f`. Calling a class runs
its `__init__`, so a class is also a wrapper of whatever parameter its `__init__` wraps as a
function would (objax's `Jit(f)`, whose `__init__` jits a nested function calling `f`).

Calling a wrapper then applies its marker to the functions given at the wrapper's positions, as
calling the marker would (a wrapper of a wrapper too). What a function body hands on is read off
its `ast` tree once (`hand_offs`: plain data the project index keeps per file version); which
hand-offs make wrappers is worked out to a fixpoint (`infer`), in one module from its own
functions and, across the project (acclint.analysis.project), from those of the modules it
imports: each step only adds a (function, parameter) pair, so the fixpoint ends, and a wrapper
that hands its parameter to itself, or two that hand it to each other, add nothing.

Methods are matched by name where the object they are called on is unknown
(`self._partitioner.partition(step, ...)`): that is how projects pass their partitioners and
compilers around. A wrapper using several markers takes the one that traces most (a cached one
over a vmapped or differentiated one); Pallas kernels are never inferred (their marker applies
only from a cached caller).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Callable, Iterable, Mapping

import libcst as cst

from acclint.analysis.declared import dotted
from acclint.analysis.names import ImportTable
from acclint.analysis.reach import Options, Passed
from acclint.frameworks.markers import CACHED, DIFFERENTIATED, KERNEL, VMAPPED, Marker, MarkerTable

# The calls that bind leading arguments of a function and stand for it, as names resolve (a bare
# `partial` no import binds is taken to be functools'; `jax.tree_util.Partial` subclasses
# functools.partial, a pytree of the function and its arguments): acclint.analysis.contexts and
# acclint.analysis.loops read the same.
PARTIAL = frozenset({"functools.partial", "partial", "jax.tree_util.Partial"})
# The suffix naming what calling a function returns, where that is a wrapper: "compiled()" for
# `def compiled(xla): def deco(f): return jax.jit(f); return deco` (`_returned_functions`).
RETURNED = "()"
# Joins a class's name and a method's into the name of what a class hands on when it hands its
# own method to a call (`_method_handed`): no code spells it, so it is no wrapper a call
# applies, only a step a class's hand-off goes through (`_in_method`).
SELF_METHOD = "<self>"


def self_method(owner: str, method: str) -> str:
    """The name `SELF_METHOD` makes for the method `method` of the class `owner` (qualified or
    as its module spells it)."""
    return f"{owner}{SELF_METHOD}{method}"


def callable_by_name(name: str) -> bool:
    """Whether an inferred wrapper's name is one code can call (not a `self_method` step)."""
    return SELF_METHOD not in name


def tail(name: str) -> str:
    """The last name of a wrapper's qualified name (`pkg.compile.my_jit`: `my_jit`), a
    factory's returned decorator under its factory's (`compiled()`: `compiled`), a class's
    method it hands on under the class's (`self_method`): the word a file calling it, or
    subclassing the class, spells."""
    return name.rsplit(".", 1)[-1].removesuffix(RETURNED).split(SELF_METHOD, 1)[0]


# Which of several markers a wrapper is taken to apply: the one that traces most.
_STRENGTH = {CACHED: 3, VMAPPED: 2, DIFFERENTIATED: 1}
# Keywords of a marker call kept as options (acclint.analysis.contexts._options reads the same).
_OPTION_KEYWORDS = ("static_argnums", "static_argnames", "static_broadcasted_argnums", "argnums")


@dataclass(frozen=True)
class Step:
    """One call a parameter (or the function that calls it) is handed to: its callee as the
    module spells it, the argument's position (-1: by keyword) or keyword, whether the callee's
    root name is imported, the literal options the call gives (`static_argnums=(1,)`), and
    those it gives a parameter of the module-level function it lies in (`static_argnums=static`:
    `Options.forwarded`)."""

    callee: str
    position: int = -1
    keyword: str = ""
    imported: bool = False
    options: tuple[tuple[str, tuple], ...] = ()
    forwarded: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class HandOff:
    """A parameter of a module-level function or method (`function`: "f" or "Class.method")
    handed on: `position` among the parameters a caller passes (-1: keyword-only), `name`, and
    the calls it goes through, innermost first (`jax.jit(jax.grad(fn))`: grad, then jit)."""

    function: str
    position: int
    name: str
    steps: tuple[Step, ...]
    # For a module-level name bound to `T(f, ...)`: T, qualified; the hand-off holds only where
    # the frameworks' data say T gives `f` back unchanged for tracing (`[transparent]`).
    through: str = ""

    def to_data(self) -> list:
        steps = [[s.callee, s.position, s.keyword, s.imported, [[k, list(v)] for k, v in s.options], [list(f) for f in s.forwarded]] for s in self.steps]
        return [self.function, self.position, self.name, steps, self.through]

    @classmethod
    def from_data(cls, data: list) -> HandOff:
        function, position, name, steps, through = data
        return cls(function, position, name, tuple(
            Step(callee, pos, keyword, imported, tuple((k, tuple(v)) for k, v in options), tuple((k, p, i) for k, p, i in forwarded))
            for callee, pos, keyword, imported, options, forwarded in steps
        ), through)


Applied = tuple[Marker, Options]  # what calling a marker or wrapper applies (contexts._marker_of)


@dataclass(frozen=True)
class Wrappers:
    """Wrappers of other modules a module uses: by the qualified name the module spells each
    with (`.compile.my_jit`, `pkg.tuning.tuned`), and the methods of the project's classes that
    wrap, by name. A seed (acclint.analysis.reach), so what a file's verdict reads of another
    file's wrappers keys its results."""

    functions: tuple[tuple[str, Marker, Options], ...] = ()
    methods: tuple[tuple[str, Marker, Options], ...] = ()


@dataclass
class WrapperTable:
    """The wrappers one module's analysis knows: its own and the seeds' (acclint.analysis.contexts
    asks it after the marker table)."""

    functions: dict[str, Applied] = field(default_factory=dict)
    methods: dict[str, Applied] = field(default_factory=dict)

    def get(self, expr: cst.BaseExpression, qualified: str | None, imports: ImportTable) -> Applied | None:
        """What calling `expr` (spelling `qualified`) applies, if it is a wrapper."""
        if qualified is None:
            return None
        found = self.functions.get(qualified)
        if found is None and isinstance(expr, cst.Name):  # `f = jax.custom_vjp(w)` resolves to its call
            found = self.functions.get(expr.value)
        # a method of an object: the receiver is no import, or an instance an imported class
        # made (`partitioner = PjitPartitioner(...)` resolves to `...PjitPartitioner()`)
        if found is None and isinstance(expr, cst.Attribute) and (not imports.is_imported(expr) or "()" in qualified):
            found = self.methods.get(expr.attr.value)
        return found

    def returned(self, func: cst.BaseExpression, qualified: str | None) -> Applied | None:
        """What the function a call of `func` (spelling `qualified`) returns applies, where it
        returns a wrapper (a decorator factory's decorator: `RETURNED`)."""
        found = self.functions.get(f"{qualified}{RETURNED}") if qualified is not None else None
        if found is None and isinstance(func, cst.Name):
            found = self.functions.get(f"{func.value}{RETURNED}")
        return found

    @property
    def tails(self) -> frozenset[str]:
        """The last names of the wrappers (the module index keeps calls ending in them)."""
        return frozenset(tail(name) for name in self.functions) | frozenset(self.methods)

    def __bool__(self) -> bool:
        return bool(self.functions or self.methods)


def handed_on(marker: Marker) -> Applied | None:
    """What a function that hands its callable parameter to `marker` applies to it: the marker,
    unless it is a kernel's or one that traces nothing by itself (`Marker.wraps`)."""
    return (marker, Options()) if marker.kind != KERNEL and marker.wraps else None


def describe(applied: Applied) -> str:
    """How `--show-wrappers` shows what a wrapper applies: its marker, and where it takes functions."""
    marker, _ = applied
    at = [f"position {', '.join(map(str, marker.fun))}"] if marker.fun else []
    at += [f"keyword {', '.join(marker.keywords)}"] if marker.keywords else []
    return f"{marker.name} ({marker.kind}) on the function at {' or '.join(at) or 'no position'}"


def table_for(handoffs: Iterable[HandOff], markers: MarkerTable, seeds: Iterable = ()) -> WrapperTable:
    """The wrappers a module's analysis knows: those of its own functions (`handoffs`, given the
    markers and the seeds' wrappers) and the `Wrappers` seeds'."""
    imported = {name: (m, o) for seed in seeds if isinstance(seed, Wrappers) for name, m, o in seed.functions}
    # a marker another module passes by keyword (a `Passed` seed without an application): calling
    # the parameter applies it (diffrax's `outer_while_loop(cond_fun, body_fun, init)`)
    imported.update(
        (seed.parameter, (marker, seed.options)) for seed in seeds
        if isinstance(seed, Passed) and not seed.application and not seed.parameter.isdigit() and (marker := markers.get(seed.marker)) is not None
    )
    methods = {name: (m, o) for seed in seeds if isinstance(seed, Wrappers) for name, m, o in seed.methods}

    def known(step: Step) -> Applied | None:
        marker = markers.get(step.callee)
        if marker is not None:
            return handed_on(marker)
        return imported.get(step.callee) or (methods.get(step.callee.rsplit(".", 1)[-1]) if not step.imported and "." in step.callee else None)

    own = infer(list(handoffs), known, markers)
    table = WrapperTable(dict(imported), dict(methods))
    for name, applied in own.items():
        if not callable_by_name(name):
            continue
        if "." in name:
            table.methods.setdefault(name.rsplit(".", 1)[-1], applied)
        else:
            table.functions[name] = applied
    return table


def infer(handoffs: list[HandOff], known: Callable[[Step], Applied | None], markers: MarkerTable) -> dict[str, Applied]:
    """The wrappers among the functions of `handoffs` ("f" or "Class.method" -> what calling it
    applies), given what `known` says of callees outside them, to a fixpoint."""
    found: dict[str, Applied] = {}
    local_methods: dict[str, str] = {}
    for h in handoffs:
        if "." in h.function:
            local_methods.setdefault(h.function.rsplit(".", 1)[-1], h.function)

    def lookup(step: Step) -> Applied | None:
        if not step.imported:
            if step.callee in found:
                return found[step.callee]
            if "." in step.callee:
                own = local_methods.get(step.callee.rsplit(".", 1)[-1])
                if own is not None and own in found:
                    return found[own]
        return known(step)

    wrapped: dict[str, dict[tuple[int, str], Applied]] = {}
    for _ in range(len(handoffs) + 1):  # each pass that changes anything adds a parameter
        changed = False
        for h in handoffs:
            params = wrapped.setdefault(h.function, {})
            if (h.position, h.name) in params or (h.through and h.through not in markers.transparent):
                continue
            applied = _applied(h.steps, lookup, markers)
            if applied is not None:
                params[(h.position, h.name)] = applied
                found[h.function] = _as_wrapper(params)
                changed = True
        if not changed:
            break
    return found


def _applied(steps: tuple[Step, ...], lookup: Callable[[Step], Applied | None], markers: MarkerTable) -> Applied | None:
    """The strongest marker the calls of a hand-off apply: from the innermost call outwards, as
    long as each is a marker or wrapper taking the argument at that position."""
    best: Applied | None = None
    for step in steps:
        applied = lookup(step)
        if applied is None or not _takes(applied[0], step):
            break
        marker, options = applied
        options = options.merged(replace(_options(step.options, markers), forwarded=step.forwarded))
        if best is None or _STRENGTH.get(marker.kind, 0) > _STRENGTH.get(best[0].kind, 0):
            best = (marker, options)
    return best


def _takes(marker: Marker, step: Step) -> bool:
    return step.position in marker.fun if step.position >= 0 else step.keyword in marker.keywords


def _options(options: tuple[tuple[str, tuple], ...], markers: MarkerTable) -> Options:
    argnums: tuple[int, ...] = ()
    argnames: tuple[str, ...] = ()
    diff: tuple[int, ...] | None = None
    for key, values in options:
        if key in markers.static_positions:
            argnums += tuple(v for v in values if isinstance(v, int))
        elif key in markers.static_names:
            argnames += tuple(v for v in values if isinstance(v, str))
        elif key == "argnums":
            diff = tuple(v for v in values if isinstance(v, int))
    return Options(argnums, argnames, diff)


def _as_wrapper(params: Mapping[tuple[int, str], Applied]) -> Applied:
    """What calling a function that wraps `params` applies: the strongest marker among them,
    at the positions and keywords of every parameter it wraps."""
    marker, options = max(params.values(), key=lambda a: (_STRENGTH.get(a[0].kind, 0), a[0].name))
    positions = tuple(sorted(p for p, _ in params if p >= 0))
    keywords = tuple(sorted(name for _, name in params))
    return replace(marker, fun=positions, keywords=keywords), options


# -- reading hand-offs off the `ast` tree ------------------------------------------------------
def hand_offs(tree: ast.Module) -> tuple[HandOff, ...]:
    """What each module-level function and method of a module-level class hands its parameters
    to (never raises but RecursionError: a construct it does not know hands nothing on)."""
    return hand_offs_of(ModuleWalk(tree))


def hand_offs_of(walk: ModuleWalk) -> tuple[HandOff, ...]:
    """`hand_offs` of the module `walk` walked: the project index walks a module once and reads
    its hand-offs, the words it spells and what its functions return off that one walk."""
    tree = walk.tree
    out: list[HandOff] = []
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out += _of_function(statement, statement.name, False, walk)
            for returned in _returned_functions(statement):
                out += _of_function(returned, f"{statement.name}{RETURNED}", False, walk)
        elif isinstance(statement, ast.ClassDef):
            for item in statement.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    bound = not any(dotted(d) == "staticmethod" for d in item.decorator_list)
                    handed = _of_function(item, f"{statement.name}.{item.name}", bound, walk)
                    out += handed
                    if item.name == "__init__":  # calling the class runs it: `Jit(f)` hands `f` on so
                        out += [replace(h, function=statement.name) for h in handed]
            out += _of_class(statement, walk)
        elif isinstance(statement, ast.Assign):
            out += _of_alias(statement, walk)
    return tuple(out)


def _returned_functions(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The functions `fn` defines in its own body and returns by name (a decorator factory's
    decorator: `def compiled(xla): def deco(f): ...; return deco`). Their hand-offs are those of
    what calling `fn` gives (`RETURNED`), so `compiled(False)(f)` and `@compiled(False)` apply
    what `deco` applies."""
    nested: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    returned: list[str] = []
    stack: list[ast.AST] = list(fn.body)
    while stack:  # the body and its blocks, not nested functions or classes
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nested[node.name] = node
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Name):
            returned.append(node.value.id)
        elif not isinstance(node, (ast.ClassDef, ast.Lambda, ast.expr)):
            stack.extend(ast.iter_child_nodes(node))
    return [nested[name] for name in dict.fromkeys(returned) if name in nested]


# The positions of an imported callable a module-level `name = T(callee, ...)` is taken to hand
# on (`_of_alias`): those a marker takes its functions at are among the first four
# (`lax.while_loop`'s 0 and 1, `lax.fori_loop`'s 2, `lax.cond`'s 1 and 2).
_ALIASED_POSITIONS = 4


def _of_alias(statement: ast.Assign, walk: ModuleWalk) -> list[HandOff]:
    """`name = T(f, ...)` at module level, `f` a module-level function: `name` hands each
    parameter to `f` at its own position, through T (`HandOff.through`). With `f` imported
    (`_outer_loop = jax.named_call(eqxi.while_loop, name="outer-loop")`, diffrax's), `name`
    hands what it is given at each of the first positions to `f` at the same one: where `f`
    is a marker or wrapper taking a function there, `name` is that wrapper."""
    if len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
        return []
    call = statement.value
    if not (isinstance(call, ast.Call) and call.args and isinstance(call.args[0], (ast.Name, ast.Attribute))):
        return []
    through = dotted(call.func)
    callee = dotted(call.args[0])
    if through is None or callee is None:
        return []
    name, through = statement.targets[0].id, _resolved(through, walk.imports)
    fn = walk.functions.get(callee)
    if fn is None:
        if len(call.args) > 1 or not _is_imported(callee, walk.imports):
            return []  # a transparent call takes the function alone by position
        step = _resolved(callee, walk.imports)
        return [HandOff(name, i, f"<{i}>", (Step(step, i, "", True),), through) for i in range(_ALIASED_POSITIONS)]
    positional = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    return [HandOff(name, i, p, (Step(fn.name, i),), through) for i, p in enumerate(positional)]


def _methods(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [item for item in cls.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]


def _kept_parameters(cls: ast.ClassDef) -> dict[str, tuple[int, str]]:
    """The attributes a class keeps what its constructor is given in: `self.fun = fun` in its
    `__init__` (by the parameter's place among those a caller passes), or a field of a
    dataclass (by its place among the fields). Attribute -> (position, parameter)."""
    kept: dict[str, tuple[int, str]] = {}
    if any((dotted(d.func if isinstance(d, ast.Call) else d) or "").endswith("dataclass") for d in cls.decorator_list):
        fields = [s.target.id for s in cls.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
        kept.update({name: (i, name) for i, name in enumerate(fields)})
    init = next((m for m in _methods(cls) if m.name == "__init__"), None)
    if init is None or not init.args.args:
        return kept
    positional = [a.arg for a in init.args.posonlyargs + init.args.args][1:]
    params = {p: i for i, p in enumerate(positional)} | {a.arg: -1 for a in init.args.kwonlyargs}
    owner = init.args.args[0].arg if not init.args.posonlyargs else init.args.posonlyargs[0].arg
    for node in ast.walk(init):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id in params:
            for target in node.targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == owner:
                    kept[target.attr] = (params[node.value.id], node.value.id)
    return kept


def _aliases(cls: ast.ClassDef, kept: dict[str, tuple[int, str]]) -> dict[str, tuple[int, str]]:
    """`kept` with the attributes a method binds to a kept callable (`self._fun = self.fun`) or
    to a lambda calling one (`self._fun = lambda *a: (self.fun(*a), None)`, jaxopt's
    `FixedPointIteration.__post_init__`): calling the alias calls what the class was given."""
    out = dict(kept)
    for method in _methods(cls) if kept else ():
        args = method.args.posonlyargs + method.args.args
        if not args:
            continue
        owner = args[0].arg
        for node in ast.walk(method):
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and _self_attribute(node.targets[0], owner)):
                continue
            value = node.value.body if isinstance(node.value, ast.Lambda) else node.value
            called = [c.func for c in ast.walk(value) if isinstance(c, ast.Call)] if value is not node.value else [value]
            source = next((f.attr for f in called if _self_attribute(f, owner) and f.attr in kept), None)
            if source is not None:
                out.setdefault(node.targets[0].attr, kept[source])
    return out


def _self_attribute(node: ast.AST, owner: str) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == owner


def _of_class(cls: ast.ClassDef, walk: ModuleWalk) -> list[HandOff]:
    """What a module-level class hands on of what its constructor is given (`_kept_parameters`):
    a method handing `self.fun` to a call, or calling it in a nested function handed to one.
    The hand-offs are the class's own (`HandOff.function` is its name): calling the class is
    calling the wrapper."""
    kept = _aliases(cls, _kept_parameters(cls))
    out: list[HandOff] = []
    seen: set[tuple[str, tuple[Step, ...]]] = set()
    data: list[frozenset[str]] = []  # `_data_attributes(cls)`, worked out when first needed
    for method in _methods(cls):
        args = method.args.posonlyargs + method.args.args
        if not args or any(dotted(d) in ("staticmethod", "classmethod") for d in method.decorator_list):
            continue
        for node in walk.loaded_in(args[0].arg, method):
            up = walk.parents.get(id(node))
            attribute = up[0] if up is not None else None
            if not isinstance(attribute, ast.Attribute) or _shadowed(node, method, walk.parents):
                continue
            if attribute.attr not in kept:
                out += _method_handed(cls, attribute, walk, data)
                continue
            position, param = kept[attribute.attr]
            for steps in _steps_of_use(attribute, method, walk) + _in_method(cls, attribute, method, walk):
                if (param, steps) not in seen:
                    seen.add((param, steps))
                    out.append(HandOff(cls.name, position, param, steps))
    return out


def _method_handed(cls: ast.ClassDef, attribute: ast.Attribute, walk: ModuleWalk, data: list[frozenset[str]]) -> list[HandOff]:
    """`jax.jit(self.update)` in a method of `cls`: the class hands its method `update` (its own,
    or a subclass's: jaxopt's `IterativeSolver.__post_init__` rebinds `self.update =
    jax.jit(self.update)` for every solver) to that call. A hand-off of the name `SELF_METHOD`
    makes, whose one parameter is the method; an attribute the class binds to a value
    (`self.w = w`, a field) is no method, and neither is one its `__init__`'s parameters fill."""
    holder = _handed(attribute, walk.parents, walk.imports)
    if holder is None:
        return []
    if not data:
        data.append(_data_attributes(cls))
    if attribute.attr in data[0]:
        return []
    steps = _steps(holder, walk.parents, walk.imports)
    return [HandOff(self_method(cls.name, attribute.attr), 0, "self", steps)] if steps else []


def _data_attributes(cls: ast.ClassDef) -> frozenset[str]:
    """The attributes of `cls` that hold values, not methods: those its class body annotates or
    assigns, and those its methods assign (`self.w = ...`) other than by rebinding a call of
    the attribute itself (`self.update = jax.jit(self.update)` keeps a method)."""
    names = {t.id for s in cls.body if isinstance(s, (ast.Assign, ast.AnnAssign)) for t in (s.targets if isinstance(s, ast.Assign) else [s.target]) if isinstance(t, ast.Name)}
    for method in _methods(cls):
        args = method.args.posonlyargs + method.args.args
        owner = args[0].arg if args else None
        for node in ast.walk(method) if owner is not None else ():
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if _self_attribute(target, owner) and not _rebinds_itself(target, node.value, owner):
                        names.add(target.attr)
    return frozenset(names)


def _rebinds_itself(target: ast.Attribute, value: ast.AST | None, owner: str) -> bool:
    """`self.update = jax.jit(self.update)`: the attribute bound to a call given itself."""
    return isinstance(value, ast.Call) and any(_self_attribute(a, owner) and a.attr == target.attr for a in value.args)


def _in_method(cls: ast.ClassDef, attribute: ast.Attribute, method: ast.FunctionDef | ast.AsyncFunctionDef, walk: ModuleWalk) -> list[tuple[Step, ...]]:
    """A kept callable called in the body of `method` itself (`self._fun(x)` in `update`): it
    runs wherever the method is traced, which is where the class or a base hands the method on
    (`_method_handed`, named by `self_method`, in this module or a base's) or a decorator
    traces it."""
    if not _is_called(attribute, walk.parents) or _enclosing_functions(attribute, method, walk.parents):
        return []
    # A decorator's options (`static_argnums=0`) are the method's, not the kept callable's.
    found = [(replace(step, options=()),) for step in (_decorator_step(d, walk.imports) for d in method.decorator_list) if step is not None]
    owners = [(cls.name, False)] + [
        (_resolved(name, walk.imports), _is_imported(name, walk.imports)) for name in (dotted(b) for b in cls.bases) if name is not None
    ]
    return found + [(Step(self_method(owner, method.name), 0, "", imported),) for owner, imported in owners]


# Fields that hold only leaves no reading of hand-offs looks at: CPython's `ast` gives one shared
# instance of each load/store context and operator, so recording their parents is wasted work
# (about a third of a module's nodes).
_LEAF_FIELDS = frozenset({"ctx", "op", "ops"})


@cache
def _child_fields(kind: type) -> tuple[str, ...]:
    """The fields of an `ast` node type that may hold nodes this walk enters, in `_fields` order
    (`ast.iter_child_nodes`'s order, with the leaves of `_LEAF_FIELDS` left out)."""
    return tuple(name for name in kind._fields if name not in _LEAF_FIELDS)


# The nodes of a module-level function's own body that acclint.analysis.returned_makers reads
# (`ModuleWalk.own`), and the nodes whose bodies are no longer that function's own.
_OWN_KINDS = frozenset({ast.Return, ast.Assign, ast.Yield, ast.YieldFrom})
_NESTED = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef})


class ModuleWalk:
    """One traversal of a module: each node's parent, the names loaded in each module-level
    function or method (by owner and name, in the order of the walk), every import wherever
    it is (`from jax.experimental.pjit import pjit` in a method is common: a name is taken to
    mean what it is imported as), and the returns, assignments and yields of each module-level
    function's own body (`own`).

    The project index reads a module's hand-offs, the words it spells and what its functions
    return (acclint.analysis.returned_makers) off this one walk: each of those walked the whole
    module again (the index was 1.8x `ast.parse` of the corpus, and these walks most of it).

    The owner of a node (the module-level function or method it lies in) is carried down the
    walk: no such function lies in another, so the first one met on the way down is it. So is
    the list of the module-level function whose own body a node is in (none inside a nested
    function, lambda or class), filled in the order `ast.iter_child_nodes` popped from a stack
    visits them."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.parents: dict[int, tuple[ast.AST, ast.AST]] = {}  # id(child) -> (parent, child)
        # module-level function -> the `_OWN_KINDS` nodes of its own body, in the walk's order
        self.own: dict[ast.AST, list[ast.AST]] = {}
        self.imports = ImportTable()
        self._loads: dict[tuple[ast.AST | None, str], list[ast.Name]] = {}
        # The module-level functions by name (`partial(_body, f)` names one).
        self.functions = {s.name: s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
        functions = {
            id(f) for s in tree.body
            for f in ([s] if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) else s.body if isinstance(s, ast.ClassDef) else [])
            if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
        }
        self._owners = functions
        self._attributes: set[str] = set()
        top = {id(s) for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}  # each, one name or not
        parents, loads, node_type, attributes, owned = self.parents, self._loads, ast.AST, self._attributes, self.own
        stack: list[tuple[ast.AST, ast.AST | None, list[ast.AST] | None]] = [(tree, None, None)]
        pop, push = stack.pop, stack.append
        while stack:
            node, owner, own = pop()
            kind = type(node)
            if kind is ast.Name:
                if type(node.ctx) is ast.Load:
                    key = (owner, node.id)
                    found = loads.get(key)
                    if found is None:
                        loads[key] = [node]
                    else:
                        found.append(node)
                continue
            if kind is ast.Attribute:
                attributes.add(node.attr)
            elif kind is ast.Import or kind is ast.ImportFrom:
                self.imports.bind_statement(node)
            elif kind in _NESTED:
                own = owned.setdefault(node, []) if id(node) in top else None
            elif own is not None and kind in _OWN_KINDS:
                own.append(node)
            if id(node) in functions:
                owner = node
            for name in _child_fields(kind):
                value = getattr(node, name, None)
                if type(value) is list:
                    for child in value:
                        if isinstance(child, node_type):
                            parents[id(child)] = (node, child)
                            push((child, owner, own))
                elif isinstance(value, node_type):
                    parents[id(value)] = (node, value)
                    push((value, owner, own))

    def spelled(self) -> frozenset[str]:
        """The words the module's code spells where it may apply a wrapper of another module:
        each name it loads, each attribute it names, and the last name of what an import binds
        a loaded name to (`mj` of `from .compile import my_jit as mj`: `my_jit`)."""
        names = {name for _, name in self._loads}
        bound = self.imports.bound_names()
        imported = {self.imports.resolve_dotted(name) for name in names & bound}
        return frozenset(names | self._attributes | {q.rsplit(".", 1)[-1] for q in imported if q})

    def loaded_in(self, name: str, fn: ast.AST) -> list[ast.Name]:
        """The loads of `name` in the body of `fn`, a module-level function or method, or a
        function nested in one (those of its owner's loads that lie in it)."""
        found = self._loads.get((fn, name))
        if found is not None or id(fn) in self._owners:
            return found or []
        owner = next((a for a in self._ancestors(fn) if id(a) in self._owners), None)
        return [n for n in self._loads.get((owner, name), []) if any(a is fn for a in self._ancestors(n))] if owner is not None else []

    def _ancestors(self, node: ast.AST):
        """The nodes around `node`, innermost first."""
        up = self.parents.get(id(node))
        while up is not None:
            yield up[0]
            up = self.parents.get(id(up[0]))


def _of_function(fn: ast.FunctionDef | ast.AsyncFunctionDef, name: str, bound: bool, walk: ModuleWalk) -> list[HandOff]:
    args = fn.args
    positional = [a.arg for a in args.posonlyargs + args.args]
    if bound and positional:
        positional = positional[1:]  # `self` / `cls`: bound, not passed
    params = {p: i for i, p in enumerate(positional)}
    params.update({a.arg: -1 for a in args.kwonlyargs})
    parents = walk.parents
    out: list[HandOff] = []
    seen: set[tuple[str, tuple[Step, ...]]] = set()

    def add(param: str, steps: tuple[Step, ...]) -> None:
        if steps and (param, steps) not in seen:
            seen.add((param, steps))
            out.append(HandOff(name, params[param], param, steps))

    for param in params:
        for node in walk.loaded_in(param, fn):
            if not _shadowed(node, fn, parents):
                for steps in _steps_of_use(node, fn, walk):
                    add(param, steps)
    return out


def _steps_of_use(node: ast.AST, fn: ast.AST, walk: ModuleWalk) -> list[tuple[Step, ...]]:
    """How one use of a callable in `fn` (a parameter, or an attribute keeping one) is handed
    on: as an argument; bound by `partial` into, or passed to, a function of the module that
    calls it (`_calls_its`), which then stands for it; or called in nested functions."""
    parents, imports = walk.parents, walk.imports
    holder = _handed(node, parents, imports)
    call, position = _argument_of(holder, parents) if holder is not None else (None, -1)
    if call is not None and _calls_its(walk, dotted(call.func), position):  # `_body(f, c)`
        return [steps for inner in _enclosing_functions(call, fn, parents) for steps in _uses_of(inner, fn, walk)]
    if call is not None and _is_partial(call.func, imports) and position > 0 and _calls_its(walk, dotted(call.args[0]), position - 1):
        return _uses_of_value(call, fn, walk)  # `partial(_body, f)`: a function calling `f`
    if holder is not None:
        return [_steps(holder, parents, imports)]
    if _is_called(node, parents):
        return [steps for inner in _enclosing_functions(node, fn, parents) for steps in _uses_of(inner, fn, walk)]
    return []


def _argument_of(holder: ast.AST, parents) -> tuple[ast.Call | None, int]:
    """The call `holder` is a positional argument of, and its position (no `*args` before it)."""
    up = parents.get(id(holder))
    call = up[0] if up is not None else None
    if not isinstance(call, ast.Call) or holder is call.func:
        return None, -1
    position = next((i for i, a in enumerate(call.args) if a is holder), None)
    if position is None or any(isinstance(a, ast.Starred) for a in call.args[:position]):
        return None, -1
    return call, position


def _calls_its(walk: ModuleWalk, name: str | None, position: int) -> bool:
    """Whether the module-level function `name` calls its parameter at `position` (a direct
    call, not one shadowed by a nested function's own parameter)."""
    fn = walk.functions.get(name or "")
    if fn is None:
        return False
    positional = [a.arg for a in fn.args.posonlyargs + fn.args.args]
    if not 0 <= position < len(positional):
        return False
    param = positional[position]
    return any(_is_called(n, walk.parents) and not _shadowed(n, fn, walk.parents) for n in walk.loaded_in(param, fn))


def _uses_of_value(value: ast.AST, fn: ast.AST, walk: ModuleWalk) -> list[tuple[Step, ...]]:
    """How a value standing for a function (`partial(_body, f)`) is handed on in `fn`: as an
    argument where it is made, or through the one name it is assigned to."""
    parents, imports = walk.parents, walk.imports
    holder = _handed(value, parents, imports)
    if holder is not None:
        return [steps for steps in [_steps(holder, parents, imports)] if steps]
    up = parents.get(id(value))
    assign = up[0] if up is not None else None
    if not (isinstance(assign, ast.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0], ast.Name)):
        return []
    return [steps for steps in _handed_by_name(assign.targets[0].id, fn, walk) if steps]


def _handed_by_name(name: str, fn: ast.AST, walk: ModuleWalk) -> list[tuple[Step, ...]]:
    """The calls each load of `name` in `fn` is handed to as an argument."""
    found = []
    for node in walk.loaded_in(name, fn):
        holder = _handed(node, walk.parents, walk.imports)
        if holder is not None:
            found.append(_steps(holder, walk.parents, walk.imports))
    return found


def _shadowed(node: ast.Name, fn: ast.AST, parents) -> bool:
    """Whether a nested function between `node` and `fn` binds the same name as a parameter."""
    current = parents.get(id(node))
    while current is not None and current[0] is not fn:
        owner = current[0]
        if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = owner.args
            if node.id in {p.arg for p in a.posonlyargs + a.args + a.kwonlyargs} | {p.arg for p in (a.vararg, a.kwarg) if p}:
                return True
        current = parents.get(id(owner))
    return False


def _handed(node: ast.AST, parents, imports: ImportTable) -> ast.AST | None:
    """The expression standing for `node` as an argument of a call (the node itself, a list or
    tuple holding it, `partial(node, ...)`), or None when it is no argument."""
    current = node
    while True:
        up = parents.get(id(current))
        if up is None:
            return None
        parent = up[0]
        if isinstance(parent, (ast.List, ast.Tuple)):
            current = parent
            continue
        if isinstance(parent, ast.keyword):
            return current
        if isinstance(parent, ast.Call):
            if current is parent.func:
                return None
            if _is_partial(parent.func, imports) and parent.args and parent.args[0] is current:
                current = parent  # `partial(fn, cfg)` stands for `fn`
                continue
            return current
        return None


def _is_called(node: ast.Name, parents) -> bool:
    up = parents.get(id(node))
    return up is not None and isinstance(up[0], ast.Call) and up[0].func is node


def _enclosing_functions(node: ast.AST, fn: ast.AST, parents) -> list[ast.AST]:
    """The functions and lambdas nested in `fn` that hold `node`, innermost first."""
    found = []
    current = parents.get(id(node))
    while current is not None and current[0] is not fn:
        if isinstance(current[0], (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            found.append(current[0])
        current = parents.get(id(current[0]))
    return found


def _uses_of(inner: ast.AST, fn: ast.AST, walk: ModuleWalk) -> list[tuple[Step, ...]]:
    """How a function nested in `fn` is handed to calls: decorated (`@jax.jit`), given as a
    lambda, or named as an argument anywhere in `fn` (`lax.fori_loop(0, n, body, x)`)."""
    found = []
    if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
        for decorator in inner.decorator_list:
            step = _decorator_step(decorator, walk.imports)
            if step is not None:
                found.append((step,))
        found += _handed_by_name(inner.name, fn, walk)
    else:  # a lambda, handed where it is written
        holder = _handed(inner, walk.parents, walk.imports)
        if holder is not None:
            found.append(_steps(holder, walk.parents, walk.imports))
    return [steps for steps in found if steps]


def _decorator_step(decorator: ast.AST, imports: ImportTable) -> Step | None:
    """The call a decorator hands its function to: `@m`, `@m(**options)`, `@partial(m, **options)`."""
    options: tuple = ()
    if isinstance(decorator, ast.Call):
        options = _literal_options(decorator.keywords)
        if _is_partial(decorator.func, imports) and decorator.args:
            decorator = decorator.args[0]
        elif not decorator.args:
            decorator = decorator.func
        else:
            return None
    callee = dotted(decorator)
    if callee is None:
        return None
    return Step(_resolved(callee, imports), 0, "", _is_imported(callee, imports), options)


def _steps(holder: ast.AST, parents, imports: ImportTable) -> tuple[Step, ...]:
    """The calls an argument goes through, innermost first: its own, and each call that call is
    an argument of (`jax.jit(jax.grad(fn))`)."""
    steps: list[Step] = []
    current = holder
    while True:
        up = parents.get(id(current))
        if up is None:
            break
        parent = up[0]
        if isinstance(parent, ast.keyword):
            call_up = parents.get(id(parent))
            if call_up is None or not isinstance(call_up[0], ast.Call):
                break
            call, position, keyword = call_up[0], -1, parent.arg or ""
        elif isinstance(parent, ast.Call) and current is not parent.func:
            call = parent
            position = next((i for i, a in enumerate(call.args) if a is current), None)
            if position is None or any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
                break
            keyword = ""
        else:
            break
        step = _call_step(call, position, keyword, imports, parents)
        if step is None:
            break
        steps.append(step)
        current = _handed(call, parents, imports)
        if current is None:
            break
    return tuple(steps)


def _call_step(call: ast.Call, position: int, keyword: str, imports: ImportTable, parents) -> Step | None:
    func = call.func
    options = _literal_options(call.keywords)
    if isinstance(func, ast.Call) and _is_partial(func.func, imports) and func.args:  # partial(jax.jit, ...)(fn)
        options += _literal_options(func.keywords)
        func = func.args[0]
    if isinstance(func, ast.Name):  # `loop_fn(0, n, body, x)` with `loop_fn=jax.lax.fori_loop`
        func = _parameter_default(func.id, call, parents) or func
    callee = dotted(func)
    if callee is None:
        return None
    return Step(_resolved(callee, imports), position, keyword, _is_imported(callee, imports), options, _forwarded_options(call, parents))


def _forwarded_options(call: ast.Call, parents) -> tuple[tuple[str, str, int], ...]:
    """The options `call` gives a parameter of the module-level function it lies in
    (`jax.jit(f, static_argnums=static)` in `def my_jit(f, static=())`, also in a factory's
    decorator): (option, parameter, its position among the positional ones, -1 keyword-only)."""
    out = []
    for k in call.keywords:
        if k.arg in _OPTION_KEYWORDS and isinstance(k.value, ast.Name):
            owner = _parameter_owner(k.value.id, call, parents)
            up = parents.get(id(owner)) if owner is not None else None
            if owner is None or up is None or not isinstance(up[0], ast.Module):
                continue  # a nested function's or a method's parameter: no caller's call spells it
            positional = [a.arg for a in owner.args.posonlyargs + owner.args.args]
            out.append((k.arg, k.value.id, positional.index(k.value.id) if k.value.id in positional else -1))
    return tuple(out)


def _parameter_owner(name: str, node: ast.AST, parents) -> ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None:
    """The nearest function holding `node` that takes a parameter `name`, or None."""
    current = parents.get(id(node))
    while current is not None:
        owner = current[0]
        if isinstance(owner, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            a = owner.args
            if name in {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if p}:
                return owner
        current = parents.get(id(owner))
    return None


def _parameter_default(name: str, node: ast.AST, parents) -> ast.expr | None:
    """The default of the parameter `name` of the nearest function holding `node` that takes
    one of that name (what a call of it runs where the caller leaves it out), or None."""
    owner = _parameter_owner(name, node, parents)
    if owner is None:
        return None
    a = owner.args
    positional = a.posonlyargs + a.args
    defaults = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    return next((d for p, d in [*zip(positional, defaults), *zip(a.kwonlyargs, a.kw_defaults)] if p.arg == name), None)


def _literal_options(keywords: list[ast.keyword]) -> tuple[tuple[str, tuple], ...]:
    out = []
    for k in keywords:
        if k.arg in _OPTION_KEYWORDS:
            try:
                value = ast.literal_eval(k.value)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            values = tuple(value) if isinstance(value, (tuple, list)) else (value,)
            out.append((k.arg, tuple(v for v in values if isinstance(v, (int, str)) and not isinstance(v, bool))))
    return tuple(out)


def _resolved(name: str, imports: ImportTable) -> str:
    return imports.resolve_dotted(name) or name


def _is_partial(func: ast.AST, imports: ImportTable) -> bool:
    """Whether `func` names one of `PARTIAL` (`partial`, `jtu.Partial` after `import
    jax.tree_util as jtu`)."""
    name = dotted(func)
    return name is not None and _resolved(name, imports) in PARTIAL


def _is_imported(name: str, imports: ImportTable) -> bool:
    return name.split(".", 1)[0] in imports.bound_names()


# -- why a function is no wrapper (`acclint check --show-wrappers`) --------------------------
def unwrapped_reasons(
    handing: Mapping[str, Iterable[HandOff]], wrapped: Callable[[str], bool], callee_of: Callable[[str, Step], str | None],
) -> dict[str, str]:
    """Why each function of `handing` (by its qualified name) that hands a parameter on is no
    wrapper, for functions `wrapped` says are none: it hands the parameter to itself, or to a
    function that hands it back (`callee_of`: the qualified name a hand-off's first call
    names, where it is a function of `handing`), or to a call that puts nothing in a context."""
    edges = {  # a name bound through a call (`fast = jitted(step)`) is no function that hands on
        key: [(h.name, h.steps[0].callee, callee_of(key, h.steps[0])) for h in handoffs if h.steps and not h.through]
        for key, handoffs in handing.items()
    }
    reasons = {}
    for key, out in edges.items():
        if out and not wrapped(key):
            reasons[key] = _why(key, out, edges)
    return reasons


def _why(key: str, out: list[tuple[str, str, str | None]], edges: Mapping[str, list[tuple[str, str, str | None]]]) -> str:
    for param, spelled, callee in out:
        if callee == key:
            return f"hands `{param}` only to itself ({spelled}): a recursive chain traces nothing by itself"
    for param, spelled, callee in out:
        path = _path_back(callee, key, edges)
        if path:
            return f"hands `{param}` to {spelled}, which hands it back ({' -> '.join([key, *path])}): a recursive chain traces nothing by itself"
    param, spelled, _ = out[0]
    return f"hands `{param}` to {spelled}, which puts nothing in a context (no marker, and no wrapper acclint can read)"


def _path_back(start: str | None, goal: str, edges: Mapping[str, list[tuple[str, str, str | None]]]) -> list[str]:
    """The functions from `start` to `goal` along hand-offs (breadth first), or []."""
    if start is None or start not in edges:
        return []
    came: dict[str, str | None] = {start: None}
    queue = [start]
    while queue:
        current = queue.pop(0)
        for _, _, callee in edges.get(current, ()):
            if callee == goal:
                path = [current]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])  # type: ignore[arg-type]
                return [*reversed(path), goal]
            if callee is not None and callee in edges and callee not in came:
                came[callee] = current
                queue.append(callee)
    return []
