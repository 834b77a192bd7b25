"""ACC605: a variable of the enclosing function, read in a jitted closure, rebound after a call.

`jax.jit(jax.grad(loss))` of a nested `def loss(val): ... * a` reads `a` from the enclosing
function while tracing; rebinding `a` there after the jitted function was called and before a
later call changes nothing for that call, which replays the first trace (jax-ml/jax#1426).
The enclosing function's program order is the model of trace time's
(acclint.analysis.trace_time): a loop repeats its body, a binding in one branch is never after
a call in the other, and the closure defined again, a new wrapper or a cache clear start a new
cache.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.bindings import Change
from acclint.analysis.closure_holders import hands_on
from acclint.analysis.walk import walk_expression
from acclint.frameworks.markers import CACHED
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.acc6_hidden_inputs import STALE, changed_here, is_read


def _runners(ctx: RuleContext) -> set[str]:
    """The closure's own name when a cached marker decorates it: a call of it runs the cached
    trace. Names bound to what holds the closure (`step = jax.jit(lambda x: x * scale)`,
    `grad = jax.jit(jax.grad(loss))`, `model = keras.Model(inp, Lambda(lambda x: ...)(inp))`)
    run it where that binding reaches the call (acclint.analysis.closure_holders), which
    acclint.analysis.bindings `closure_change` follows."""
    node = ctx.function.node
    if isinstance(node, cst.FunctionDef):
        for decorator in node.decorators:
            found = ctx.analysis.decorator_marker(decorator.decorator)
            if found is not None and found[0].kind == CACHED:
                return {node.name.value}
    return set()


def _handed_on(ctx: RuleContext) -> bool:
    """Whether the enclosing function binds a name to a call handed the closure (the lambda
    itself, or its `def` name other than called), or to the lambda itself (`f = lambda v: ...`,
    which `jax.jit(f)` may then hold): where none is, nothing there holds it, and the module's
    bindings need not be built to find its holders."""
    fn = ctx.function
    node = fn.node
    own = {node.name.value} if isinstance(node, cst.FunctionDef) else set()
    return any(
        how == "=" and (value is node or isinstance(value, cst.Call) and hands_on(value, node, own, called=False))
        for _, value, how in ctx.analysis.body(fn.parent).flows
    )


def _mentions(expr: cst.CSTNode, name: str) -> bool:
    return any(isinstance(n, cst.Name) and n.value == name for n in walk_expression(expr))


def _may_call(outer, runners: set[str], body, ctx: RuleContext) -> bool:
    """Whether `outer`'s own code may call one of `runners`: a call in its body (`body`, its
    facts: nested scopes left out) whose callee spells one, or any call in a class body nested
    in it (its code runs in `outer`'s scope for the bindings' walk). Where none does, no write
    falls between two calls (`closure_change` is None), and the module's bindings, asked for
    nothing else, need not be built."""
    if any(cls.function is outer for cls in ctx.analysis.index.all_classes):
        return True
    return any(_mentions(call.func, runner) for call in body.calls for runner in runners)


def rebound_after_call(node: cst.Name, ctx: RuleContext) -> Change | None:
    """The line where the enclosing function rebinds the variable `node` reads after a call of
    the jitted closure and before a later one (acclint.analysis.bindings.closure_change); None
    if it does not."""
    fn = ctx.function
    outer = fn.parent
    name = node.value
    if outer is None or ctx.is_local(name) or not is_read(node, ctx.parent) or changed_here(node, ctx):
        return None
    body = ctx.analysis.body(outer)
    if name not in body.local_names or name in body.declared_outer or not isinstance(outer.node, cst.FunctionDef):
        return None
    runners = _runners(ctx)
    if not (runners and _may_call(outer, runners, body, ctx)) and not _handed_on(ctx):
        return None
    parent = ctx.parent
    attribute = parent.attr.value if isinstance(parent, cst.Attribute) and parent.value is node else None
    return ctx.analysis.bindings.closure_change(name, outer, runners, fn, attribute)


class ClosureRebound(Rule):
    """A variable of the enclosing function a cached closure reads is rebound, or its object changed in place, after a trace was built and before a later call that reuses it.

    What it does:
        Flags a read, inside a nested function whose trace is cached (`jax.jit`,
        `tf.function`), of a variable of the function that defines it, when that function
        binds the variable again (`a = 20`, or a call of a nested function declaring it
        `nonlocal`) or changes its object in place (`a[0] = 3.0` on a numpy array,
        `a.scale = 3.0`, `a.append(x)` or `a.update(...)` of a built-in container it is bound
        to; run on jax 0.10: the trace keeps the old item) between a call of the compiled closure and a later call through the same
        name, in its program order (a loop repeats its body). A name bound to what holds the
        closure (`step = jax.jit(lambda v: v * a)`, a Keras model built from a `Lambda` layer
        of it) calls it where that binding reaches the call, by a call of the name or a method
        that runs the model's step (`fit`, `predict`); not a name bound to what a wrapper
        applied at once returns (`jax.vmap(lambda i: ...)(x)`), nor another method (a
        dataset's `batch`). Nothing is stale when a new
        cache starts in between: the closure defined again, a new wrapper bound to the called
        name (not `jax.jit` of the same closure again, unless the closure was defined anew
        before it on that pass of a loop), `jax.clear_caches()`. A binding before
        the first call, after the last one, or in the other branch of an `if` is not flagged.

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

def fit(x):
    a = 10

    @jax.jit
    def scaled(v):
        return v * a

    first = scaled(x)
    a = 20

    @jax.jit  # defined again: a new callable with an empty cache, which sees 20
    def scaled(v):
        return v * a

    return first, scaled(x)
""",
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
        """
import jax
import numpy as np

def fit(x):
    a = np.array([2.0])

    @jax.jit
    def scaled(v):
        return v * a[0]  # expect: ACC605

    first = scaled(x)
    a[0] = 3.0  # changed in place: the trace keeps 2.0
    return first, scaled(x)
""",
    ]

    def visit_Name(self, node: cst.Name, ctx: RuleContext) -> None:
        change = rebound_after_call(node, ctx)
        if change is not None:
            how = "changed in place" if change.how == "mutated" else "rebound"
            ctx.report(
                node,
                f"'{node.value}' of the enclosing function is read in a cached trace but {how} at line "
                f"{ctx.analysis.bindings.line(change.node)}, "
                f"between two calls of the compiled closure: {STALE}; pass it as an argument",
            )
