"""ACC605: a variable of the enclosing function, read in a jitted closure, rebound after a call.

`jax.jit(jax.grad(loss))` of a nested `def loss(val): ... * a` reads `a` from the enclosing
function while tracing; rebinding `a` there after the jitted function was called changes
nothing for later calls, which replay the first trace (jax-ml/jax#1426). Only the plain
sequence is judged: `a` bound in the enclosing function, a statement that calls the jitted
closure (the decorated name, or a name bound to a marker applied to it), then a later
statement of the same block that binds `a` again (a call or a rebinding inside a branch or a
loop may not run, and is not judged).
"""

from __future__ import annotations

from typing import Iterator
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import target_names
from acclint.analysis.walk import children, walk_expression
from acclint.frameworks.markers import CACHED
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.acc6_hidden_inputs import STALE, changed_here, is_read


def _runners(ctx: RuleContext) -> set[str]:
    """Names the enclosing function calls to run the closure's cached trace: the closure's
    own name when a cached marker decorates it, names bound to a cached marker applied to it."""
    fn, outer = ctx.function, ctx.function.parent
    names = set()
    node = fn.node
    if isinstance(node, cst.FunctionDef):
        for decorator in node.decorators:
            found = ctx.analysis.decorator_marker(decorator.decorator)
            if found is not None and found[0].kind == CACHED:
                names.add(node.name.value)
    for target, value, how in ctx.analysis.body(outer).flows:
        if how == "=" and isinstance(target, cst.Name) and isinstance(value, cst.Call) and isinstance(node, cst.FunctionDef):
            found = ctx.analysis.applied_marker(value)
            if found is not None and found[0].kind == CACHED and _mentions(value, node.name.value):
                names.add(target.value)
    return names


def _mentions(expr: cst.CSTNode, name: str) -> bool:
    return any(isinstance(n, cst.Name) and n.value == name for n in walk_expression(expr))


def rebound_after_call(node: cst.Name, ctx: RuleContext) -> int | None:
    """The line where the enclosing function rebinds the variable `node` reads, after it called
    the jitted closure; None if it does not."""
    fn = ctx.function
    outer = fn.parent
    name = node.value
    if outer is None or ctx.is_local(name) or not is_read(node, ctx.parent) or changed_here(node, ctx):
        return None
    body = ctx.analysis.body(outer)
    if name not in body.local_names or name in body.declared_outer or not isinstance(outer.node, cst.FunctionDef):
        return None
    statement = _rebound_after_calls(fn, ctx).get(name)
    return ctx.analysis.bindings.line(statement) if statement is not None else None


# What `_rebound_after_calls` found for each closure of a module, dropped with its analysis
# (every read of a closure variable asks; the answer depends on the closure alone).
_FOUND: WeakKeyDictionary[ModuleAnalysis, dict[FunctionInfo, dict[str, cst.CSTNode]]] = WeakKeyDictionary()


def _rebound_after_calls(fn: FunctionInfo, ctx: RuleContext) -> dict[str, cst.CSTNode]:
    """For the closure `fn`: each variable the enclosing function rebinds after calling the
    closure's cached trace, with the first statement that does (blocks in `_blocks` order),
    worked out once per closure."""
    found = _FOUND.setdefault(ctx.analysis, {})
    rebound = found.get(fn)
    if rebound is None:
        rebound = found[fn] = {}
        runners = _runners(ctx)
        if runners:
            for block in _blocks(fn.parent.node.body):  # type: ignore[union-attr]
                for name, statement in _rebindings_after_call(block, runners):
                    rebound.setdefault(name, statement)
    return rebound


def _blocks(node: cst.CSTNode):
    """Every block of statements in a function body, nested ones too (not those of nested
    functions and classes, which run at other times)."""
    if isinstance(node, cst.IndentedBlock):
        yield node
    for child in children(node):
        if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            yield from _blocks(child)


def _rebindings_after_call(block: cst.IndentedBlock, runners: set[str]) -> Iterator[tuple[str, cst.CSTNode]]:
    """Each name a simple statement of `block` binds after an earlier simple statement of the
    same block called a runner, with that statement, in order: the rebinding surely follows a
    call (a call or a binding inside a branch or loop may not run, and is not judged)."""
    called = False
    for statement in block.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        if called:
            for small in statement.body:
                for name in _bound(small):
                    yield name, statement
        called = called or any(
            isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value in runners for n in walk_expression(statement)
        )


def _bound(small: cst.BaseSmallStatement) -> list[str]:
    """The names an assignment statement binds."""
    if isinstance(small, cst.Assign):
        return [n for t in small.targets for n in target_names(t.target)]
    if isinstance(small, (cst.AugAssign, cst.AnnAssign)) and (not isinstance(small, cst.AnnAssign) or small.value is not None):
        return target_names(small.target)
    return []


class ClosureRebound(Rule):
    """A variable of the enclosing function a jitted closure reads is rebound after the closure was called and before a later call.

    What it does:
        Flags a read, inside a nested function whose trace is cached, of a variable of the
        function that defines it, when that function calls the jitted closure and then binds
        the variable again (`a = 20` after `grad(x)`).

    Why is this bad:
        The closure's trace reads the variable once, while it is built. Later calls replay that
        trace: the new value is silently ignored, and the results are those of the old one.

    Example:
        def fit(x):
            a = 10
            def loss(v):
                return jnp.sum(v * v) * a
            grad = jax.jit(jax.grad(loss))
            first = grad(x)
            a = 20
            second = grad(x)  # still uses a = 10

    Use instead:
        def fit(x):
            def loss(v, a):
                return jnp.sum(v * v) * a
            grad = jax.jit(jax.grad(loss))
            first, second = grad(x, 10.0), grad(x, 20.0)

    Fix safety:
        No automatic fix: the value has to become an argument of the closure and of its callers.
    """

    code = "ACC605"
    name = "closure-rebound"
    contexts = frozenset({CACHED})
    VALID = [
        """
import jax
import jax.numpy as jnp

def fit(x):
    a = 10
    a = 20  # rebound before any call: the trace sees 20
    def loss(v):
        return jnp.sum(v * v) * a
    grad = jax.jit(jax.grad(loss))
    return grad(x)
""",
        """
import jax

def attend(x, make, ulysses):
    if ulysses:
        cfg = make(x)

        @jax.jit
        def kernel(m):
            return m * cfg

        out = kernel(x)
    else:
        cfg = make(-x)  # the other branch: never after the call
        out = x * cfg
    return out
""",
    ]
    INVALID = [
        """
import jax
import jax.numpy as jnp

def fit(x):
    a = 10
    def loss(v):
        return jnp.sum(v * v) * a  # expect: ACC605
    grad = jax.jit(jax.grad(loss))
    first = grad(x)
    a = 20
    return first, grad(x)
""",
    ]

    def visit_Name(self, node: cst.Name, ctx: RuleContext) -> None:
        line = rebound_after_call(node, ctx)
        if line is not None:
            ctx.report(
                node,
                f"'{node.value}' of the enclosing function is read in a cached trace but rebound at line {line}, "
                f"after the jitted function was called: {STALE}; pass it as an argument",
            )
