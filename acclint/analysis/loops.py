"""Loops that call compiled functions: the facts the ACC5 rules (recompilation storms) read.

The other families look inside traced functions; a storm is made by the code that *calls* them,
usually a training loop on the host. This module walks a whole module once (only when an ACC5
rule is selected) and records, per loop, the names that provably hold a new value on every
pass, the callables a jit-family wrapper makes (with the arguments it keys its cache on by
value), and the wrapper applications and calls inside loops. Names resolve through the
module's imports and markers (acclint.analysis.names, acclint.frameworks.markers, via ModuleAnalysis), so every
spelling the context analysis knows (`partial(jax.jit, static_argnums=1)`, aliases) counts.

"Changes on every pass" is meant strictly (precision first): the variable of a `range`,
`enumerate` or `itertools.count` loop, a name stepped by `+=`/`-=`/`*=` a literal in the loop
body, and arithmetic on those. A loop over a literal collection (`for mode in ("train",
"eval")`) or a literal `range` of at most five passes (tf.function's threshold for its retracing
warning) is bounded and never a storm; so is a loop over a name bound once to such a literal.

A wrapper applied on each pass is a storm only when its result is called once on that pass: a
result called (or handed to another call) at several places, or in a nested loop, is a per-pass
compile that the pass reuses (a loop over configurations), not a compile per step. A grid of
bounded sets (`itertools.product` of literal tuples: an autotuning sweep) is bounded too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.frameworks.markers import DIFFERENTIATED, VMAPPED
from acclint.analysis.reach import Options
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import children

_STEPS = (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign)
_CHANGING_OPS = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power)
# A literal range of at most this many passes is a bounded set, not a storm (tf.function warns
# after five retraces of one function).
_MAX_BOUNDED_PASSES = 5


@dataclass(frozen=True)
class Jitted:
    """A callable made by a jit-family wrapper, and what its cache keys on by value."""

    marker: str
    static_positions: frozenset[int] = frozenset()
    static_names: frozenset[str] = frozenset()

    @property
    def runtime(self) -> bool:
        """`dlaccelerate`: every non-dlarray argument is part of the trace key, by value."""
        return self.marker.startswith("acclint.runtime.")


@dataclass(eq=False)
class Loop:
    """A `for`/`while` loop or a comprehension's `for`, with what changes on each pass."""

    node: cst.CSTNode
    bounded: bool
    changing: set[str] = field(default_factory=set)
    fresh: set[str] = field(default_factory=set)  # names bound to a new callable each pass
    called: dict[str, int] = field(default_factory=dict)  # names called or handed to a call in its body (not nested loops): how often
    called_nested: set[str] = field(default_factory=set)  # names called in loops nested in it
    assigned: set[str] = field(default_factory=set)  # names (re)bound in its body or target
    resized: set[str] = field(default_factory=set)  # names bound to a slice whose length changes


@dataclass(frozen=True)
class JittedCall:
    """A call of a compiled callable inside loops (innermost last) of one function scope:
    `f(a, b)`, or `dlfeval(f, a, b)` (then `callee` is `f` and `args` are `a, b`)."""

    call: cst.Call
    callee: cst.BaseExpression
    args: tuple[cst.Arg, ...]
    jitted: Jitted
    loops: tuple[Loop, ...]
    statement: cst.BaseStatement


@dataclass(frozen=True)
class Rewrap:
    """A wrapper applied to a callable that is new on each pass, and called there."""

    node: cst.CSTNode
    what: str  # "a lambda", "functools.partial(...)", ...
    where: str  # "this loop" or "'predict', called in a loop"
    statement: cst.BaseStatement


@dataclass(eq=False)
class _Scope:
    fn: FunctionInfo | None
    bound: set[str] = field(default_factory=set)  # names bound to anything but a compiled callable
    literals: dict[str, cst.BaseExpression | None] = field(default_factory=dict)  # `N = 3`; None: rebound
    jitted: dict[str, Jitted | None] = field(default_factory=dict)  # None: bound ambiguously


@dataclass(eq=False)
class _Candidate:
    """A wrapper application on a fresh callable, waiting to learn whether it is called."""

    node: cst.CSTNode
    what: str
    result: str | None  # the name its result (or the decorated def) is bound to; None: called at once
    loop: Loop | None
    scope: _Scope
    statement: cst.BaseStatement


class LoopFacts:
    """What the ACC5 rules ask of one module (see the module docstring)."""

    def __init__(self, analysis: ModuleAnalysis, tables: StormTables) -> None:
        self.analysis = analysis
        self._wrappers = tables.wrappers
        self._slice_wrappers = tables.array_constructors
        self._callers = tables.callers
        self._object_cached = tables.object_cached
        self.calls: list[JittedCall] = []
        self._candidates: list[_Candidate] = []
        self._pending: list[tuple[cst.Call, tuple[Loop, ...], _Scope, cst.BaseStatement]] = []
        # Wrapper calls seen from above before they are visited: called at once (`jit(f)(x)`),
        # or the value of `name = jit(f)`.
        self._called_at_once: set[int] = set()
        self._assigned_to: dict[int, str] = {}
        self._loop_calls: list[tuple[str, _Scope, Loop]] = []  # names called inside a loop
        self._scopes: dict[FunctionInfo | None, _Scope] = {}
        module = _Scope(None)
        self._scopes[None] = module
        for statement in analysis.module.body:
            self._walk(statement, module, (), statement)
        self._resolve_calls()

    # -- questions the rules ask -----------------------------------------------------------
    def changes(self, expr: cst.BaseExpression, loops: tuple[Loop, ...]) -> bool:
        """Whether `expr` provably holds a new value on every pass of the innermost of `loops`
        that is unbounded (a counter, arithmetic on one)."""
        changing = set().union(*(loop.changing for loop in loops if not loop.bounded))
        return bool(changing) and _changes(expr, changing)

    def resized(self, expr: cst.BaseExpression, loops: tuple[Loop, ...]) -> cst.BaseExpression | None:
        """The slice in `expr` whose length changes on every pass (`x[:i]`, `x[i:]`, or a name
        bound to one in the loop), possibly inside an array constructor; None if none."""
        if isinstance(expr, cst.Call) and expr.args and self.analysis.resolve(expr.func) in self._slice_wrappers:
            expr = expr.args[0].value
        if isinstance(expr, cst.Name) and any(expr.value in loop.resized for loop in loops if not loop.bounded):
            return expr
        if isinstance(expr, cst.Subscript) and self._resizing_slice(expr, loops):
            return expr
        return None

    @cached_property
    def rewraps(self) -> list[Rewrap]:
        """Wrapper applications on a new callable each pass, that are called on that pass."""
        found: list[Rewrap] = []
        callers = self._called_in_loops()
        for c in self._candidates:
            if c.loop is not None:
                if c.result is None or (c.loop.called.get(c.result) == 1 and c.result not in c.loop.called_nested):
                    found.append(Rewrap(c.node, c.what, "this loop", c.statement))
            elif c.scope.fn is not None and (c.result is None or self._called_in(c.result, c.scope)):
                caller = callers.get(c.scope.fn)
                if caller is not None:
                    found.append(Rewrap(c.node, c.what, f"'{c.scope.fn.name}', which {caller} calls in a loop", c.statement))
        return found

    # -- the walk ------------------------------------------------------------------------
    def _walk(self, node: cst.CSTNode, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        kind = type(node)
        if kind is cst.FunctionDef or kind is cst.Lambda:
            self._function(node, scope, loops, statement)
            return
        if kind is cst.ClassDef:
            for part in (*node.decorators, *node.bases, *node.keywords):
                self._walk(part, scope, loops, statement)
            self._walk(node.body, scope, (), statement)
            return
        if kind is cst.For:
            self._walk(node.iter, scope, loops, statement)
            loop = self._loop(node, node.target, node.iter, node.body, scope)
            for outer in loops:
                outer.assigned |= loop.assigned
            inner = (*loops, loop)
            for part in (node.target, node.body):
                self._walk(part, scope, inner, statement)
            if node.orelse is not None:
                self._walk(node.orelse, scope, loops, statement)
            _bind_target(node.target, scope)
            return
        if kind is cst.While:
            loop = self._loop(node, None, None, node.body, scope)
            inner = (*loops, loop)
            self._walk(node.test, scope, inner, statement)
            self._walk(node.body, scope, inner, statement)
            if node.orelse is not None:
                self._walk(node.orelse, scope, loops, statement)
            return
        if kind in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
            inner = loops
            comp: cst.CompFor | None = node.for_in
            while comp is not None:
                self._walk(comp.iter, scope, inner, statement)
                inner = (*inner, self._loop(comp, comp.target, comp.iter, None, scope))
                for test in comp.ifs:
                    self._walk(test, scope, inner, statement)
                comp = comp.inner_for_in
            parts = (node.key, node.value) if kind is cst.DictComp else (node.elt,)
            for part in parts:
                self._walk(part, scope, inner, statement)
            return
        if kind in (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr):
            names = _target_names(node)
            for loop in loops:
                loop.assigned |= names
            if kind is not cst.Assign:  # `n += 1`: no longer the literal it was bound to
                scope.literals.update((name, None) for name in names if name in scope.literals)
        if kind is cst.Assign:
            self._assign(node, scope, loops)
        elif kind is cst.Call:
            self._call(node, scope, loops, statement)
        for child in children(node):
            self._walk(child, scope, loops, statement)

    def _function(self, node: cst.FunctionDef | cst.Lambda, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        info = self.analysis.index.by_node.get(node)
        inner = self._scopes.setdefault(info, _Scope(info))
        inner.bound.update(p.name for p in (info.params if info is not None else ()))
        for param in (*node.params.params, *node.params.kwonly_params, *node.params.posonly_params):
            if param.default is not None:
                self._walk(param.default, scope, loops, statement)
        if isinstance(node, cst.Lambda):
            self._walk(node.body, inner, (), statement)
            return
        wrapped = False
        for decorator in node.decorators:
            self._walk(decorator.decorator, scope, loops, statement)
            found = self.analysis.decorator_marker(decorator.decorator)
            if found is not None and found[0].name in self._wrappers:
                wrapped = True
                _bind_jitted(scope, node.name.value, _jitted(found[0].name, found[1], info))
                unbounded = [loop for loop in loops if not loop.bounded]
                if unbounded:  # a new function, wrapped anew, each pass
                    self._candidates.append(_Candidate(decorator.decorator, "a function defined in the loop", node.name.value, unbounded[-1], scope, statement))
                elif scope.fn is not None:  # wrapped anew on each call of the function it is defined in
                    self._candidates.append(_Candidate(decorator.decorator, f"'{node.name.value}', defined anew on each call", node.name.value, None, scope, statement))
        if not wrapped:
            scope.bound.add(node.name.value)
        for loop in loops:
            loop.fresh.add(node.name.value)
        self._walk(node.body, inner, (), statement)

    def _loop(
        self, node: cst.CSTNode, target: cst.BaseAssignTargetExpression | None, iterable: cst.BaseExpression | None,
        body: cst.CSTNode | None, scope: _Scope,
    ) -> Loop:
        loop = Loop(node, bounded=iterable is not None and self._bounded(iterable, scope))
        loop.assigned |= _names(target) if target is not None else set()
        if loop.bounded:
            return loop
        if iterable is not None and isinstance(iterable, cst.Call):
            callee = self.analysis.resolve(iterable.func)
            if callee in ("range", "itertools.count") and isinstance(target, cst.Name):
                loop.changing.add(target.value)
            elif callee == "enumerate" and isinstance(target, cst.Tuple) and target.elements:
                first = target.elements[0].value
                if isinstance(first, cst.Name):
                    loop.changing.add(first.value)
        if body is not None:
            _steps(body, loop)
        return loop

    def _bounded(self, iterable: cst.BaseExpression, scope: _Scope) -> bool:
        """A literal collection, or a literal `range` of at most `_MAX_BOUNDED_PASSES` passes,
        also through `enumerate`/`zip` and names bound once to such literals."""
        iterable = self._literal(iterable, scope) or iterable
        if isinstance(iterable, (cst.Tuple, cst.List, cst.Set, cst.Dict)):
            return True
        if not isinstance(iterable, cst.Call) or any(a.keyword or a.star for a in iterable.args):
            return False
        callee = self.analysis.resolve(iterable.func)
        if callee in ("enumerate", "zip", "reversed", "sorted"):
            return bool(iterable.args) and any(self._bounded(a.value, scope) for a in iterable.args[:1 if callee != "zip" else None])
        if callee == "itertools.product":  # a grid of bounded sets (an autotuning sweep)
            return bool(iterable.args) and all(self._bounded(a.value, scope) for a in iterable.args)
        if callee == "range":
            values = [_int(self._literal(a.value, scope) or a.value) for a in iterable.args]
            if values and None not in values and len(values) <= 3:
                return len(range(*values)) <= _MAX_BOUNDED_PASSES  # type: ignore[arg-type]
        return False

    def _literal(self, expr: cst.BaseExpression, scope: _Scope) -> cst.BaseExpression | None:
        """The literal a name is bound to once, in its scope or the module (`N = 3`)."""
        if not isinstance(expr, cst.Name):
            return None
        current: _Scope | None = scope
        while current is not None:
            if expr.value in current.literals:
                return current.literals[expr.value]
            if expr.value in current.bound and current.fn is not None:
                return None
            current = self._scopes.get(current.fn.parent) if current.fn is not None else None
        values = self.analysis.index.module_values.get(expr.value, [])
        return values[0] if len(values) == 1 and _is_literal(values[0]) else None

    def _assign(self, node: cst.Assign, scope: _Scope, loops: tuple[Loop, ...]) -> None:
        found = self.analysis.applied_marker(node.value) if isinstance(node.value, cst.Call) else None
        single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
        if single and found is not None and found[0].name in self._wrappers and node.value.args:  # type: ignore[attr-defined]
            target_fn = self._target_function(node.value.args[0].value, scope)  # type: ignore[attr-defined]
            _bind_jitted(scope, node.targets[0].target.value, _jitted(found[0].name, found[1], target_fn))  # type: ignore[attr-defined]
        else:
            for target in node.targets:
                _bind_target(target.target, scope)
        if not single:
            return
        name, value = node.targets[0].target.value, node.value  # type: ignore[attr-defined]
        if scope.fn is not None:
            scope.literals[name] = value if name not in scope.literals and _is_literal(value) else None
        self._assigned_to[id(value)] = name
        unbounded = [loop for loop in loops if not loop.bounded]
        if unbounded:
            loop = unbounded[-1]
            if self._fresh_callable(value, scope, loop) is not None:
                loop.fresh.add(name)
            if isinstance(value, cst.Subscript) and self._resizing_slice(value, loops):
                loop.resized.add(name)
            elif _changes(value, set().union(*(outer.changing for outer in unbounded))):
                loop.changing.add(name)

    def _call(self, node: cst.Call, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        if isinstance(node.func, cst.Call):
            self._called_at_once.add(id(node.func))
        unbounded = [loop for loop in loops if not loop.bounded]
        # Uses of a name on this pass: calls, and hand-overs (`measure(kernel_fn)` runs it too).
        used = [node.func.value] if isinstance(node.func, cst.Name) else []
        used += [arg.value.value for arg in node.args if isinstance(arg.value, cst.Name)]
        for name in used:
            if loops:
                loops[-1].called[name] = loops[-1].called.get(name, 0) + 1
            for loop in loops[:-1]:
                loop.called_nested.add(name)
        if unbounded and isinstance(node.func, cst.Name):
            self._loop_calls.append((node.func.value, scope, unbounded[-1]))
        found = self.analysis.applied_marker(node)
        if found is not None and found[0].name in self._wrappers and node.args:
            loop = unbounded[-1] if unbounded else None
            owner = self.analysis.module.code_for_node(node.func) if found[0].name in self._object_cached else ""
            what = self._fresh_callable(node.args[0].value, scope, loop, owner)
            called = id(node) in self._called_at_once
            if what is not None and (loop is not None or not loops) and (called or id(node) in self._assigned_to):
                self._candidates.append(_Candidate(node, what, None if called else self._assigned_to[id(node)], loop, scope, statement))
        if unbounded and (isinstance(node.func, cst.Name) or self.analysis.resolve(node.func) in self._callers):
            self._pending.append((node, loops, scope, statement))

    def _fresh_callable(self, expr: cst.BaseExpression, scope: _Scope, loop: Loop | None, owner: str = "") -> str | None:
        """What new callable `expr` makes on each evaluation, or None (a module-level
        function is the same object every time, and jit caches on it; `owner`: the wrapper as
        written, when it keeps its cache in the object it returns instead)."""
        if isinstance(expr, cst.Lambda):
            return "a lambda"
        if isinstance(expr, cst.Call):
            callee = self.analysis.resolve(expr.func)
            if callee in ("functools.partial", "partial"):
                return "functools.partial(...)"
            marker = self.analysis.markers.get(callee)
            if marker is not None and marker.kind in (DIFFERENTIATED, VMAPPED):
                return f"'{callee}(...)'"
            return None
        if isinstance(expr, cst.Name):
            if loop is not None and expr.value in loop.fresh:
                return f"'{expr.value}', defined anew on each pass"
            if loop is None and scope.fn is not None and expr.value in scope.fn.inner:
                return f"the local function '{expr.value}'"
            if owner and loop is not None:
                return f"'{expr.value}' (each {owner} object keeps its own cache)"
            return None
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and scope.fn is not None:
            method = scope.fn
            while method is not None and method.cls is None:
                method = method.parent
            if method is not None and method.params and expr.value.value == method.params[0].name and expr.attr.value in method.cls.methods:
                return f"the bound method 'self.{expr.attr.value}' (a new object each time)"
        return None

    def _target_function(self, expr: cst.BaseExpression, scope: _Scope) -> FunctionInfo | None:
        if not isinstance(expr, cst.Name):
            return None
        fn = scope.fn
        while fn is not None:
            if expr.value in fn.inner:
                return fn.inner[expr.value]
            fn = fn.parent
        return self.analysis.index.functions.get(expr.value)

    def _resizing_slice(self, expr: cst.Subscript, loops: tuple[Loop, ...]) -> bool:
        """A slice with one end that changes on every pass and one that stays put (absent, or
        naming nothing the loops rebind): `x[:i]`, `x[i:]`, `x[:, :t + 1]`."""
        changing = set().union(*(loop.changing for loop in loops if not loop.bounded))
        rebound = set().union(*(loop.assigned for loop in loops))
        for element in expr.slice:
            part = element.slice
            if isinstance(part, cst.Slice) and part.step is None:
                ends = [end for end in (part.lower, part.upper) if end is not None]
                moving = [end for end in ends if _changes(end, changing)]
                fixed = [end for end in ends if not (_names(end) & rebound)]
                if len(moving) == 1 and len(fixed) == len(ends) - 1:
                    return True
        return False

    # -- after the walk ---------------------------------------------------------------------
    def _resolve_calls(self) -> None:
        """Calls in loops of names bound to compiled callables (bound anywhere in scope)."""
        for call, loops, scope, statement in self._pending:
            callee, args = call.func, call.args
            if self.analysis.resolve(call.func) in self._callers and args and args[0].keyword is None:
                callee, args = args[0].value, args[1:]
            jitted = self._lookup(callee.value, scope) if isinstance(callee, cst.Name) else None
            if jitted is not None:
                self.calls.append(JittedCall(call, callee, tuple(args), jitted, loops, statement))

    def _lookup(self, name: str, scope: _Scope) -> Jitted | None:
        """The compiled callable a name called in `scope` refers to, by lexical scope."""
        current: _Scope | None = scope
        while current is not None:
            if name in current.jitted:
                return None if name in current.bound else current.jitted[name]
            if name in current.bound:
                return None
            fn = current.fn.parent if current.fn is not None else None
            current = self._scopes.get(fn) if current.fn is not None else None
        return None

    def _called_in(self, name: str, scope: _Scope) -> bool:
        """Whether `name` is called anywhere in the body of `scope`'s function."""
        return scope.fn is not None and any(
            isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == name
            for n in _nodes(scope.fn.node)
        )

    def _called_in_loops(self) -> dict[FunctionInfo, str]:
        """Functions called by name inside an unbounded loop: function -> where the loop is."""
        found: dict[FunctionInfo, str] = {}
        for name, scope, _loop in self._loop_calls:
            fn = self._function_named(name, scope)
            if fn is not None and fn not in found:
                found[fn] = f"'{scope.fn.name}'" if scope.fn is not None else "the module"
        return found

    def _function_named(self, name: str, scope: _Scope) -> FunctionInfo | None:
        fn = scope.fn
        while fn is not None:
            if name in fn.inner:
                return fn.inner[name]
            fn = fn.parent
        return self.analysis.index.functions.get(name)


@dataclass(frozen=True)
class StormTables:
    """The API lists the loop facts need (the rules' `apis.toml`, `[storms]`)."""

    wrappers: frozenset[str]  # the jit family: their result caches traces
    array_constructors: frozenset[str]  # calls that keep their argument's shape (`jnp.asarray(x[:i])`)
    callers: frozenset[str]  # calls that call their first argument with the rest (`dlfeval(f, x)`)
    # wrappers that keep their cache in the object they return (dlaccelerate, tf.function):
    # wrapping even a module-level function anew on each pass traces again
    object_cached: frozenset[str] = frozenset()


_MADE: WeakKeyDictionary[ModuleAnalysis, LoopFacts] = WeakKeyDictionary()


def loop_facts(analysis: ModuleAnalysis, tables: StormTables) -> LoopFacts:
    """The module's loop facts, made once per analysis (the first ACC5 rule asks; the others
    get the same), and dropped with it."""
    found = _MADE.get(analysis)
    if found is None:
        found = _MADE[analysis] = LoopFacts(analysis, tables)
    return found


def _jitted(marker: str, options: Options, fn: FunctionInfo | None) -> Jitted:
    """What a wrapper with these options keys on by value; argnums and argnames name each
    other through the wrapped function's parameters when it is known (as jax.jit does)."""
    positions, names = set(options.static_argnums), set(options.static_argnames)
    if fn is not None:
        positional = [p.name for p in fn.params if p.positional]
        names |= {positional[i] for i in positions if -len(positional) <= i < len(positional)}
        positions |= {i for i, name in enumerate(positional) if name in names}
    return Jitted(marker, frozenset(i for i in positions if i >= 0), frozenset(names))


def _bind_jitted(scope: _Scope, name: str, jitted: Jitted) -> None:
    if name in scope.jitted and scope.jitted[name] != jitted:
        scope.jitted[name] = None
    else:
        scope.jitted[name] = jitted


def _bind_target(target: cst.CSTNode, scope: _Scope) -> None:
    if isinstance(target, cst.Name):
        scope.bound.add(target.value)
        if target.value in scope.literals:
            scope.literals[target.value] = None
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            _bind_target(element.value, scope)


def _steps(body: cst.CSTNode, loop: Loop) -> None:
    """Names stepped by a literal on every pass (`step += 1`, `lr *= 0.9`), and never simply
    reassigned in the body (a reset would break the sequence)."""
    stepped: set[str] = set()
    assigned: set[str] = set()
    for node in _nodes(body):
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name) and isinstance(node.operator, _STEPS):
            value = _number(node.value)
            neutral = 1 if isinstance(node.operator, cst.MultiplyAssign) else 0
            if value is not None and value != neutral:
                stepped.add(node.target.value)
        elif isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    assigned.add(target.target.value)
    loop.changing |= stepped - assigned


def _nodes(root: cst.CSTNode):
    """Every node under `root`, nested function bodies excepted."""
    stack = list(children(root))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            stack.extend(children(node))


def _changes(expr: cst.BaseExpression, changing: set[str]) -> bool:
    """Whether `expr` is a changing name or arithmetic that keeps it changing."""
    if isinstance(expr, cst.Name):
        return expr.value in changing
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return _changes(expr.expression, changing)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _CHANGING_OPS):
        left, right = _changes(expr.left, changing), _changes(expr.right, changing)
        if left and right:
            return isinstance(expr.operator, (cst.Add, cst.Multiply))
        return left or right
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("float", "int") and len(expr.args) == 1:
        return _changes(expr.args[0].value, changing)
    return False


def _names(node: cst.CSTNode) -> set[str]:
    """Every name `node` mentions (or binds, for a target)."""
    return {n.value for n in (node, *_all_nodes(node)) if isinstance(n, cst.Name)}


def _all_nodes(root: cst.CSTNode):
    stack = list(children(root))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(children(node))


def _target_names(node: cst.CSTNode) -> set[str]:
    if isinstance(node, cst.Assign):
        return set().union(*(_names(t.target) for t in node.targets))
    return _names(node.target)  # type: ignore[attr-defined]


def _is_literal(node: cst.BaseExpression) -> bool:
    """An integer, or a tuple/list/set/dict display (what a bounded loop may run over)."""
    return _int(node) is not None or isinstance(node, (cst.Tuple, cst.List, cst.Set, cst.Dict))


def _number(node: cst.BaseExpression) -> float | None:
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value
    return None


def _int(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        return node.evaluated_value
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and isinstance(node.expression, cst.Integer):
        return -node.expression.evaluated_value
    return None
