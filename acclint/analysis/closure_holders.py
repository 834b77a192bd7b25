"""The names a driver function binds to what holds a closure it defines, in its own order.

A module-level lambda or function held by a module-level value (`l2 = Lambda(lambda x: ...)`,
`step = jax.jit(f)`) keeps its traces in that value, and in every value made from it
(`model = keras.Model(inp, l2(inp))`): acclint.analysis.bindings `_reaching` follows module
globals so. A program that keeps its state in `main()`'s locals instead binds the same values
there; this module follows them the same way, so that a driver's calls through its locals
(`model.predict(x)`) build and hit the closure's trace as module-level calls would.
"""

from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import walk_expression


def defined_in(reader: FunctionInfo, scope: FunctionInfo) -> FunctionInfo | None:
    """The function or lambda defined directly in `scope` that is `reader` or encloses it, or None."""
    fn: FunctionInfo | None = reader
    while fn is not None and fn.parent is not scope:
        fn = fn.parent
    return fn


def closure_holders(bindings: Iterable[tuple[str, cst.BaseExpression]], closure: FunctionInfo) -> set[str]:
    """The names among `bindings` (a function's own `name = value` bindings, in source order)
    that hold `closure`, a lambda or function it defines: a value that contains the lambda
    itself, or names the function other than to call it (`Lambda(lambda x: ...)`,
    `jax.jit(step)`), and a value that names such a holder, as one made from it
    (`keras.Model(inp, layer(inp))`), as module-level values are followed. What a call of a
    holder returns (`y = step(x)`, `y = model.predict(x)`) is computed, not held."""
    node = closure.node
    own = closure.name if isinstance(node, cst.FunctionDef) else None
    found: set[str] = set()
    for name, value in bindings:
        if isinstance(value, cst.Call) and any(isinstance(n, cst.Name) and n.value in found for n in walk_expression(value.func)):
            continue
        nodes = list(walk_expression(value))
        called = {id(n.func) for n in nodes if isinstance(n, cst.Call)}
        if any(
            n is node or isinstance(n, cst.Name) and (n.value in found or n.value == own and id(n) not in called)
            for n in nodes
        ):
            found.add(name)
    return found

