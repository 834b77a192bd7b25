"""Closures traced once per creation: a write to the enclosing function's state is no stale state.

A `nonlocal` write in a cached trace runs only while the trace is built (ACC405). That is a
hazard when the trace is replayed: the write then no longer runs on the calls that follow. But
a closure defined in an eager function is a new function object on every call of that function,
and a marker applied to it there builds a new trace for it each time. When the enclosing call
runs that trace exactly once (the compiled closure called once, outside any loop, and never
handed out), every trace is run once, by the one call it was built for:

    def fit(w):
        calls = 0

        def step(w):
            nonlocal calls
            calls = calls + 1
            return w * 2

        return jax.jit(step)(w), calls  # 1 on every call of fit, as written

So the write runs exactly when the code around it expects. Only Python values count: a tracer
written there (`last = loss`) outlives its trace. A closure called in a loop, returned,
stored or passed on may be run again without tracing, and a body handed to a loop
(`lax.scan(step, ...)`) runs once per iteration but traces once: both stay reported.

The same holds, without any marker, for a closure its enclosing function runs on the spot: only
calls it, or hands it to a tree map that calls it on each leaf then and there (equinox's
`tree_at` sets a flag that way and reads it right after). Every run of the enclosing function
makes the variable anew and runs the writes it reads, traced or not, so nothing outlives a
trace; a closure that function jits, hands to `lax.scan` or lets out stays reported.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.taint import Kind
from acclint.analysis.walk import children
from acclint.lint.rule import RuleContext

_LOOPS = (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def traced_once_per_closure(name: str, written: list[cst.BaseExpression], ctx: RuleContext) -> bool:
    """Whether writing the values `written` to the closure variable `name` in the traced
    closure `ctx.function` runs once per trace that is run once, and leaks no tracer: the
    values are Python values for sure, and `name` belongs to the eager function the closure is
    defined in, which compiles the closure and calls the result once, outside loops, handing
    neither out."""
    closure = ctx.function
    owner = closure.parent
    if owner is None or owner.contexts or name not in ctx.analysis.body(owner).local_names:
        return False
    if any(ctx.kind(value) is not Kind.STATIC for value in written):
        return False  # a tracer stored outside the trace outlives it
    if not isinstance(closure.node, cst.FunctionDef):
        return False
    uses = _uses(owner.node, closure.node)
    compiled = closure.name
    if closure.node.decorators:  # `@jax.jit def step`: the name is the compiled function
        if not all(ctx.analysis.decorator_marker(d.decorator) is not None for d in closure.node.decorators):
            return False
        return _called_once(uses.get(compiled, []))
    refs = uses.get(compiled, [])
    if len(refs) != 1:
        return False
    ref, parents = refs[0]
    marker_call = parents[-1] if parents else None
    if not isinstance(marker_call, cst.Call) or ctx.analysis.applied_marker(marker_call) is None:
        return False
    if any(isinstance(p, _LOOPS) for p in parents):
        return False
    outer = parents[-2] if len(parents) > 1 else None
    if isinstance(outer, cst.Call) and outer.func is marker_call:  # `jax.jit(step)(w)`
        return True
    # `jitted = jax.jit(step)`, then `jitted(w)` once
    if isinstance(outer, cst.Assign) and len(outer.targets) == 1 and isinstance(outer.targets[0].target, cst.Name):
        return _called_once(uses.get(outer.targets[0].target.value, []))
    return False


def runs_within_its_owner(name: str, ctx: RuleContext) -> bool:
    """Whether `name`, which the closure `ctx.function` writes, is a local of the function the
    closure is defined in, and that function runs the closure on the spot: every use of it is a
    call (`bump()`) or the function a tree map is given (`jax.tree.map(visit, tree)`), none in a
    nested scope, and the closure carries no decorator (`@jax.jit` caches it)."""
    closure = ctx.function
    owner = closure.parent
    if owner is None or name in ctx.analysis.body(closure).declared_global or name not in ctx.analysis.body(owner).local_names:
        return False
    if not isinstance(closure.node, cst.FunctionDef) or closure.node.decorators:
        return False
    refs = _uses(owner.node, closure.node).get(closure.name, [])
    return bool(refs) and all(_run_on_the_spot(ref, parents, ctx) for ref, parents in refs)


def _run_on_the_spot(ref: cst.Name, parents: list[cst.CSTNode], ctx: RuleContext) -> bool:
    """A call of `ref`, or `ref` handed first to a tree map, in the owner's own scope."""
    if any(isinstance(p, (cst.FunctionDef, cst.Lambda)) for p in parents):
        return False  # run by another function, which may be compiled or handed out
    call = parents[-1] if parents else None
    if not isinstance(call, cst.Call):
        return False
    if call.func is ref:
        return True
    return bool(call.args) and call.args[0].value is ref and ctx.resolve(call.func) in ctx.analysis.facts.leaf_maps


def _called_once(refs: list[tuple[cst.Name, list[cst.CSTNode]]]) -> bool:
    """One reference, the callee of a call outside any loop."""
    if len(refs) != 1:
        return False
    ref, parents = refs[0]
    call = parents[-1] if parents else None
    return isinstance(call, cst.Call) and call.func is ref and not any(isinstance(p, _LOOPS) for p in parents)


def _uses(owner: cst.CSTNode, closure: cst.FunctionDef) -> dict[str, list[tuple[cst.Name, list[cst.CSTNode]]]]:
    """Every name read (not bound by `=`) in `owner`'s body (nested functions' bodies too, the closure's own body
    and `def` name left out), each with the nodes above it in `owner`."""
    found: dict[str, list[tuple[cst.Name, list[cst.CSTNode]]]] = {}
    stack: list[tuple[cst.CSTNode, list[cst.CSTNode]]] = [(child, []) for child in children(owner)]
    while stack:
        node, parents = stack.pop()
        if node is closure:
            stack.extend((d, [node]) for d in closure.decorators)
            continue
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            stack.extend((child, [*parents, node]) for child in children(node) if child is not node.name)
            continue
        if type(node) is cst.Name:
            if not (parents and type(parents[-1]) is cst.AssignTarget):  # `compiled = ...` binds, reads nothing
                found.setdefault(node.value, []).append((node, parents))
            continue
        above = parents if type(node) is cst.Arg else [*parents, node]  # an argument's call is its parent
        stack.extend((child, above) for child in children(node))
    return found
