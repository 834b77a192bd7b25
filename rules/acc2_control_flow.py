"""ACC2xx: Python control flow and truth tests on traced values."""

from __future__ import annotations

import libcst as cst

from acclint.common.findings import Fix
from acclint.fix.branches import if_fix, ifexp_fix
from acclint.fix.imports import framework_of
from acclint.fix.report import report_with_fix
from acclint.frameworks.markers import CACHED, VMAPPED
from acclint.analysis.narrowing import container_names, guarded_containers
from acclint.analysis.taint import Kind
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.acc3_shapes import compile_time, staged
from acclint.rules.traced_sizes import bound_size, not_a_tensor_here

CONTROL_CONTEXTS = frozenset({CACHED, VMAPPED})


class IfOnTracedValue(Rule):
    """`if`, `elif` or `while` whose condition is a traced value.

    What it does:
        Flags an `if`/`elif`/`while` statement in a traced function whose condition depends on
        a traced array value (not on its shape, dtype, a static argument or `is None`). Where
        the framework records a size read as a tensor (`torch.jit.trace`: `[conversions]
        size_reads` in its data), a condition on a traced input's size (`x.shape[0] > n`,
        `x.size(0)`, or a local bound to one) is flagged too: it keeps the example input's branch.
        A type or identity test of one (`isinstance(n, T)`, `size is None`) is not: its answer is
        the same for every input; nor is a name holding tensors a size only shaped (`x[:, perm]`),
        nor the length or truth of a name a type test makes a Python list or tuple there (`if
        isinstance(attrs, (list, tuple)): if len(attrs) == 0:` counts the list's items, whatever
        tensors the name holds in other branches); an element of one (`s[0]` of a `torch.Size`)
        is still a size. Under `jax.jit` a comparison of a JAX call of constants (`jnp.sin(3.0)
        > 0`, or a local bound only to such calls, even inside `with
        jax.ensure_compile_time_eval():`) is flagged too where the comparison is written outside
        that block: the trace stages it, so it is a tracer although its operand is concrete.
        Under torch.compile without `fullgraph=True` such a branch is a graph break, right on
        every call but slower: reported only with `--strictness pedantic` (also ACC203).

    Why is this bad:
        Under `jax.jit` the condition cannot be decided while tracing, so it raises a
        `TracerBoolConversionError`. Under `dlaccelerate` the trace is built with concrete
        values, so the branch taken on the first call is baked into the cached trace and
        every later call takes it, whatever its inputs.

    Example:
        @jax.jit
        def clip(x):
            if x.sum() > 0:
                y = x
            else:
                y = -x
            return y

    Use instead:
        @jax.jit
        def clip(x):
            return jnp.where(x.sum() > 0, x, -x)

        (`lax.cond` when the branches are expensive, `lax.while_loop` for loops.)

    Fix safety:
        `acclint check --fix` rewrites an `if`/`elif`/`else` chain whose arms all return an
        expression (`return where(c, a, b)`; the `return` after an `if` without `else` is the
        last arm) or all assign expressions to the same names in the same order (`y = where(c,
        a, b)`, one select per name, the condition hoisted to a temporary `cond` when several
        names use it, under a name the module uses nowhere; without `else` each name keeps
        its earlier value). `elif` becomes a nested select; `and`, `or`, `not` and chained
        comparisons in a condition become `jnp.logical_and`/`logical_or`/`logical_not`. It
        uses `jnp.where` under the module's alias unless a local hides it (the runtime's
        `where` in runtime-API modules, `torch.where` under torch.compile, torch.func and
        torch.jit.trace) and adds the import when missing. Comments of the
        chain move above the select. No fix (the message says why) for `while`, branches
        that call anything that may have effects, raise, loop, `break`, assign different
        names, use augmented assignment, or yield pytrees; none unless the condition is a
        tracer for sure and every selected value is an array for sure (never a string,
        `None`, a container or an object; a name only when everything assigned to it is one,
        so not the kept `z` of `z = None`; an inner conditional only when both its arms are),
        none when a branch indexes, slices, reshapes, concatenates or reduces (a select would
        broadcast it to another shape; a full reduction against another, `x.sum()` or
        `-x.sum()`, has one shape and is fine), and none when `and`, `or`, `not` or a chained
        comparison sits below anything else in the condition (`(a and b) | c` would still
        truth-test a tracer). The fix is safe only when proven exact (docs/fix.md, "Fix
        safety"): the branches have one dtype and one shape whatever the inputs are (the same
        arrays and literal kinds promoted and broadcast element-wise: `x * 2.0` against `x`
        is unsafe, an int32 `x` would come back float32; `jnp.abs(x)` against `jnp.abs(y)` or
        `0.0` is unsafe, the select broadcasts), the condition adds no axis, and every branch,
        the kept value of an `if` without `else` included, has a derivative finite for every
        input (sums, literal scalings, `abs`, `maximum`, `clip`, ...): the select computes
        both branches and sends a zero cotangent into the one it does not pick, and `0 * inf`
        is nan, so `exp`, `cosh`, `x ** 2`, `x * y`, `tanh`, `log`, `sqrt` or a division by a
        non-literal makes the fix unsafe (applied only with --unsafe-fixes, with the reason);
        a local or a part that every branch reads through arithmetic (`h` of `h * 2.0`
        against `h`, `x * s` of `relu(x * s)` against `x * s`) needs no bounded derivative of
        its own, since the branch picked sends it a cotangent as the original's did. torch
        promotes by number of dimensions, step by step, so there a branch computed from more
        than one tensor is not proven one dtype.
        A branch whose operation refuses a dtype (`-x` of a bool array) raises a TypeError
        when traced, loudly, as `lax.cond` would. The remedy for an unsafe derivative is a
        second where that keeps the unpicked branch finite:
        `jnp.where(c, jnp.log(jnp.where(c, x, 1.0)), 0.0)`. Where the select is not proven
        exact, a JAX function that no batching transform reaches (vmap; shard_map runs it
        per shard and is fine) gets `lax.cond(c, lambda: a, lambda: b)` instead (`y, z =
        lax.cond(...)` for several names, nested for `elif`), safe when each branch is free
        of effects and an array for sure (or an item of a transform's argument, a pytree of
        tracers), every branch is computed from the same arrays (Python literals aside: cond
        keeps the false branch's weak type; `a @ b` promotes as `a * b`), no arm reads a
        name it assigned, and every local a branch reads, unless every branch reads it, has
        a derivative finite for every input: cond traces both branches and raises a
        TypeError when they differ in dtype, shape or structure or the condition is no
        scalar, and differentiates only the branch it takes. Runtime code gets the runtime's
        `ifelse(c, a, b)` instead of `where` where the select is not proven exact: it raises
        where the branches differ in size, data type or format or the condition has several
        elements, so it is safe when the branches' derivatives are bounded.
    """

    code = "ACC201"
    name = "if-on-traced-value"
    contexts = CONTROL_CONTEXTS
    VALID = [
        """
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=1)
def scale(x, mode):
    if mode == "train":
        x = x * 2
    if x.ndim == 2 and x.shape[0] > 1:
        x = x.sum(0)
    return jnp.where(x > 0, x, 0.0)
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def step(x):
    loss = (x * x).sum()
    if loss > 1.0:  # expect: ACC201
        x = x / loss
    while x.max() > 2:  # expect: ACC201
        x = x / 2
    return x
""",
    ]

    def visit_If(self, node: cst.If, ctx: RuleContext) -> None:
        self._check(node, node.test, "elif" if self._is_elif(node, ctx) else "if", ctx)

    def visit_While(self, node: cst.While, ctx: RuleContext) -> None:
        self._check(node, node.test, "while", ctx)

    @staticmethod
    def _fix(node: cst.CSTNode, ctx: RuleContext) -> Fix | str:
        if isinstance(node, cst.If):
            return if_fix(node, ctx)
        return "a loop on a traced value needs lax.while_loop"

    @staticmethod
    def _is_elif(node: cst.If, ctx: RuleContext) -> bool:
        parent = ctx.parent
        return isinstance(parent, cst.If) and parent.orelse is node

    def _check(self, node: cst.CSTNode, test: cst.BaseExpression, keyword: str, ctx: RuleContext) -> None:
        name = ctx.truth_traced_name(test) or _staged_comparison(test, ctx)
        if name is not None:
            message = f"'{keyword}' on traced value '{name}' " + framework_of(ctx).says(self.code, f"bakes one branch into the trace; {framework_of(ctx).hints['select']}")
            report_with_fix(ctx, node, message, self._fix(node, ctx))
        else:
            report_size_branch(node, test, f"'{keyword}'", ctx)


_STAGED_OPERATORS = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual, cst.Equal, cst.NotEqual)


def _staged_comparison(test: cst.BaseExpression, ctx: RuleContext) -> str | None:
    """The operand, as written, of a comparison a jit trace stages although the operand is
    concrete: a JAX call of constants (`jnp.sin(3.0) > 0`), directly or through a local every
    binding of which is one, even one computed inside `with jax.ensure_compile_time_eval():`
    (`[shapes] staged`; jax#9823). Outside that block the comparison gives a tracer; inside
    it, and under a transform that caches nothing (grad, vmap), it is a concrete value."""
    if not isinstance(test, cst.Comparison) or CACHED not in ctx.contexts or compile_time(ctx):
        return None
    if not all(isinstance(c.operator, _STAGED_OPERATORS) for c in test.comparisons):
        return None  # `is`, `in`: Python's own tests, never staged
    operands = [test.left, *(c.comparator for c in test.comparisons)]
    # the JAX call itself, or a local bound to such calls: not an attribute or an item of a
    # value (big_vision's `config.ordering == "maskgit"`, a Python string)
    return next((ctx.code_for(o) for o in operands if isinstance(o, (cst.Call, cst.Name)) and staged(o, ctx)), None)


class TruthTestOfTracedValue(Rule):
    """A truth test of a traced value outside a statement condition.

    What it does:
        Flags `bool(x)`, `not x`, `x and y` / `x or y` (each operand but the last is
        truth-tested), chained comparisons `a < x < b` (`(a < x) and (x < b)`) and
        comprehension filters `[... if x]` where `x` is traced. A truth test
        that is itself the condition of an `if`, `while`, `assert` or conditional expression is
        reported once, by that rule.

    Why is this bad:
        Python asks the array for a single `True`/`False` on the host. Under `jax.jit` that
        raises `TracerBoolConversionError`; under `dlaccelerate` the answer of the first call is
        baked into the cached trace.

    Example:
        @jax.jit
        def pick(a, b):
            return (a.sum() > 0) and b

    Use instead:
        @jax.jit
        def pick(a, b):
            return jnp.where(a.sum() > 0, b, False)

        (`jnp.logical_and` / `jnp.logical_or` / `jnp.logical_not` element-wise.)

    Fix safety:
        No automatic fix: the element-wise replacement depends on what the value is used for.
    """

    code = "ACC202"
    name = "truth-test-of-traced-value"
    contexts = CONTROL_CONTEXTS
    VALID = [
        """
import jax

@jax.jit
def pick(a, flag: bool):
    ready = flag and a is not None
    return a if ready else -a
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def pick(a, b):
    both = (a.sum() > 0) and b  # expect: ACC202
    finite = bool(a.max() < 1e9)  # expect: ACC202
    inside = 0 < a.sum() < 1  # expect: ACC202
    return [r for r in a if r.sum() > 0]  # expect: ACC202
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        if ctx.resolve(node.func) == "bool" and node.args and ctx.truth_traced_name(node.args[0].value):
            self._report(node, node.args[0].value, "bool()", ctx)

    def visit_UnaryOperation(self, node: cst.UnaryOperation, ctx: RuleContext) -> None:
        if isinstance(node.operator, cst.Not) and ctx.truth_traced_name(node.expression):
            self._report(node, node.expression, "'not'", ctx)

    def visit_BooleanOperation(self, node: cst.BooleanOperation, ctx: RuleContext) -> None:
        if isinstance(ctx.parent, cst.BooleanOperation):
            return  # part of a longer chain: reported once, at the outermost operation
        tested = _tested_operands(node)
        for operand in tested:
            if ctx.truth_traced_name(operand):
                word = "and" if isinstance(node.operator, cst.And) else "or"
                self._report(node, operand, f"'{word}'", ctx)
                return

    def visit_Comparison(self, node: cst.Comparison, ctx: RuleContext) -> None:
        # `0 < x < 1` is `(0 < x) and (x < 1)`: Python truth-tests the first comparison.
        if len(node.comparisons) < 2:
            return
        first = cst.Comparison(left=node.left, comparisons=[node.comparisons[0]])
        if ctx.truth_traced_name(first):
            self._report(node, first, "chained comparison", ctx)

    def visit_CompIf(self, node: cst.CompIf, ctx: RuleContext) -> None:
        if ctx.truth_traced_name(node.test):
            self._report(node, node.test, "comprehension 'if'", ctx, exempt=False)

    def _report(self, node, operand, what: str, ctx: RuleContext, exempt: bool = True) -> None:
        if exempt and _inside_condition(node, ctx):
            return
        ctx.report(
            node,
            f"{what} truth-tests traced value '{ctx.truth_traced_name(operand)}', which "
            + framework_of(ctx).says(self.code, "bakes the answer into the trace; use jnp.logical_and/or/not or where(cond, a, b)"),
        )


def recorded_size_read(expr: cst.BaseExpression, ctx: RuleContext) -> cst.CSTNode | None:
    """The first read of a traced value's size in `expr` where the framework records size reads
    as tensors (`size_reads`, torch.jit.trace), whose Python use bakes the example's size."""
    reads = framework_of(ctx).size_reads
    if not reads:
        return None
    path = [*ctx.ancestors, ctx.node] if ctx.node is not None else ctx.ancestors
    return _size_read(expr, reads, ctx, set(), guarded_containers(path, ctx.analysis.index.imports), truth=True)


def report_size_branch(node: cst.CSTNode, test: cst.BaseExpression, what: str, ctx: RuleContext) -> None:
    """Report a branch whose test reads the size of a traced value where the framework records
    size reads as tensors (`size_reads`, torch.jit.trace): the example input's answer is kept."""
    read = recorded_size_read(test, ctx)
    if read is not None:
        ctx.report(
            node,
            f"{what} on '{ctx.code_for(read)}', the size of a traced value, keeps the example input's branch "
            f"(the size is recorded as a tensor and its truth baked, TracerWarning); {framework_of(ctx).hints['size_branch']}",
        )


def _size_read(
    expr: cst.CSTNode, reads: frozenset[str], ctx: RuleContext, seen: set[str], containers: frozenset[str] = frozenset(),
    truth: bool = False,
) -> cst.CSTNode | None:
    """The first size read of a traced value in `expr` (`x.shape`, `x.size()`), also through a
    local name bound to one (`n = x.shape[0]; if n > k:`); None if there is none. A type or
    identity test (`isinstance(n, T)`, `n is None`) reads no size: its answer is the same for
    every input; nor does a name holding tensors (`x[:, perm]`, `perm` made with a size): a size
    shaped them, but their truth is a traced value's (ACC201's other message) and their length
    a conversion (ACC302). `containers`: names the guards make a Python list or tuple there
    (narrowing.guarded_containers), whose length and truth (`truth`: `expr` is truth-tested)
    count its items, whatever sizes shaped the tensors it is bound to elsewhere (an element,
    `s[0]` of a torch.Size, is still read)."""
    if _type_or_identity_test(expr, ctx):
        return None
    if containers and _counts_items(expr, containers, truth, ctx):
        return None
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
        return _size_read(expr.expression, reads, ctx, seen, containers, truth=True)
    if isinstance(expr, cst.BooleanOperation):
        # Python truth-tests each operand; the right one of `and` runs where the left one held.
        held = container_names(expr.left, True, ctx.analysis.index.imports) if isinstance(expr.operator, cst.And) else frozenset()
        return _size_read(expr.left, reads, ctx, seen, containers, truth=True) or _size_read(
            expr.right, reads, ctx, seen, containers | held, truth=True,
        )
    # A traced input or a pytree of them: one that has a size is a tensor.
    if isinstance(expr, cst.Attribute) and expr.attr.value in reads and ctx.kind(expr.value) >= Kind.TREE:
        return expr
    if isinstance(expr, cst.Name) and (ctx.kind(expr) >= Kind.TREE or not_a_tensor_here(expr, ctx)):
        return None
    if isinstance(expr, cst.Name) and expr.value not in seen and ctx.is_local(expr.value):
        seen.add(expr.value)
        flows = ctx.analysis.body(ctx.function).flows_into.get(expr.value, ())
        for _, value, how in flows:
            found = _size_read(value, reads, ctx, seen) if how == "=" else None
            if found is not None:
                return found
        # a loop or comprehension target over a size, a parameter a traced caller passes one
        return bound_size(expr, ctx, lambda e, there: _size_read(e, reads, there, seen if there is ctx else set()))
    if isinstance(expr, (cst.Lambda, cst.BaseComp)):
        return None  # its own scope
    for child in expr.children:
        found = _size_read(child, reads, ctx, seen, containers)
        if found is not None:
            return found
    return None


def _counts_items(expr: cst.CSTNode, containers: frozenset[str], truth: bool, ctx: RuleContext) -> bool:
    """`len(v)` of a name of `containers`, or (`truth`) `v` itself truth-tested."""
    if isinstance(expr, cst.Call) and len(expr.args) == 1 and not expr.args[0].star and ctx.resolve(expr.func) == "len":
        expr, truth = expr.args[0].value, True
    return truth and isinstance(expr, cst.Name) and expr.value in containers


def _type_or_identity_test(expr: cst.CSTNode, ctx: RuleContext) -> bool:
    """`isinstance(x, T)`, or a comparison by `is` / `is not` alone (`x is None`)."""
    if isinstance(expr, cst.Call):
        return ctx.resolve(expr.func) == "isinstance"
    return isinstance(expr, cst.Comparison) and all(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in expr.comparisons)


def _tested_operands(node: cst.BooleanOperation) -> list[cst.BaseExpression]:
    """Operands Python truth-tests in a chain of `and`/`or`: all but the last."""
    operands: list[cst.BaseExpression] = []

    def flatten(n: cst.BaseExpression, outermost: bool = False) -> None:
        # The chain's own parentheses (`x / (t or 1.0)`) do not make it one operand.
        if isinstance(n, cst.BooleanOperation) and (outermost or not n.lpar):
            flatten(n.left)
            flatten(n.right)
        else:
            operands.append(n)

    flatten(node, outermost=True)
    return operands[:-1]


_CONDITION_OWNERS = (cst.If, cst.While, cst.Assert, cst.IfExp, cst.CompIf)
_TRANSPARENT = (cst.BooleanOperation, cst.UnaryOperation, cst.Call, cst.Arg)


def _inside_condition(node: cst.CSTNode, ctx: RuleContext) -> bool:
    """Whether `node` is (through `not`/`and`/`or`/`bool()`) the test of a condition."""
    child = node
    for ancestor in reversed(ctx.ancestors):
        if isinstance(ancestor, _CONDITION_OWNERS):
            return getattr(ancestor, "test", None) is child
        if isinstance(ancestor, cst.Call) and ctx.resolve(ancestor.func) != "bool":
            return False
        if not isinstance(ancestor, _TRANSPARENT):
            return False
        child = ancestor
    return False


class ConditionalExpressionOnTracedValue(Rule):
    """A conditional expression `a if cond else b` whose `cond` is traced.

    What it does:
        Flags conditional expressions whose condition depends on a traced value, or, where the
        framework records size reads as tensors (`torch.jit.trace`), on a traced input's size.

    Why is this bad:
        The condition is decided once, on the host: `jax.jit` raises, and `dlaccelerate`
        bakes the branch chosen on the first call into the trace.

    Example:
        @jax.jit
        def act(x):
            return x if x.sum() > 0 else -x

    Use instead:
        @jax.jit
        def act(x):
            return jnp.where(x.sum() > 0, x, -x)

    Fix safety:
        `--fix` rewrites it to `where(cond, a, b)` (`jnp.where` under the module's alias, the
        runtime's `where` in runtime-API modules) when the condition is a tracer for sure, both
        branches are arrays for sure (no indexing, reshaping, concatenating or reducing), and
        neither calls anything that may have effects or yields a pytree. It is safe only when
        proven exact, as ACC201's select (docs/fix.md, "Fix safety"): both branches have one
        dtype and one shape whatever the inputs are (`x * 3.0 if c else x` is unsafe, an int32
        `x` would come back float32; `x if c else 0.0` is unsafe, the select broadcasts `0.0`
        to `x`'s shape), the condition adds no axis, and both have a derivative finite for
        every input: when one holds `exp`, a power, a product of arrays, a division by a
        non-literal or a function with a limited domain (log, sqrt, ...), inf/nan on the
        elements not picked makes gradients nan, so the fix is unsafe and needs
        --unsafe-fixes; the remedy is a second where,
        `jnp.where(c, jnp.log(jnp.where(c, x, 1.0)), 0.0)`. Where the select is not proven
        exact, `lax.cond(cond, lambda: a, lambda: b)` (JAX) or `ifelse(cond, a, b)` (runtime
        code) is offered as safe on ACC201's terms.
    """

    code = "ACC203"
    name = "conditional-expression-on-traced-value"
    contexts = CONTROL_CONTEXTS
    VALID = [
        """
import jax

@jax.jit
def act(x):
    return x if x.ndim == 1 else x.ravel()
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def act(x):
    return x if x.sum() > 0 else -x  # expect: ACC203
""",
    ]

    def visit_IfExp(self, node: cst.IfExp, ctx: RuleContext) -> None:
        name = ctx.truth_traced_name(node.test)
        if name is not None:
            message = f"conditional expression on traced value '{name}' " + framework_of(ctx).says(self.code, f"bakes one branch into the trace; {framework_of(ctx).hints['select']}")
            report_with_fix(ctx, node, message, ifexp_fix(node, ctx))
        else:
            report_size_branch(node, node.test, "conditional expression", ctx)


class AssertOnTracedValue(Rule):
    """`assert` on a traced value.

    What it does:
        Flags `assert` statements whose test depends on a traced value.

    Why is this bad:
        Under `jax.jit` the assertion raises a tracer error instead of checking anything; under
        `dlaccelerate` it checks the first call's values only and never runs again.

    Example:
        @jax.jit
        def normalise(p):
            assert jnp.all(p >= 0)
            return p / p.sum()

    Use instead:
        Check with `checkify.check` (jax.experimental.checkify) or outside the accelerated
        function, or assert on static properties (`p.ndim == 1`).

    Fix safety:
        No automatic fix.
    """

    code = "ACC204"
    name = "assert-on-traced-value"
    contexts = CONTROL_CONTEXTS
    VALID = [
        """
import jax

@jax.jit
def normalise(p):
    assert p.ndim == 1, "expects a vector"
    return p / p.sum()
""",
    ]
    INVALID = [
        """
import jax
import jax.numpy as jnp

@jax.jit
def normalise(p):
    assert jnp.all(p >= 0)  # expect: ACC204
    return p / p.sum()
""",
    ]

    def visit_Assert(self, node: cst.Assert, ctx: RuleContext) -> None:
        name = ctx.truth_traced_name(node.test)
        if name is not None:
            ctx.report(node, f"'assert' on traced value '{name}' " + framework_of(ctx).says(self.code, "checks only the values of the call that builds the trace, never those of cached calls; check outside the accelerated function"))
