"""Writes a cached call may skip: every later run would write the value already there.

A `global` or `nonlocal` write in a cached trace runs only while the trace is built (ACC405):
the runs a cached call skips would have written again. That loses nothing when each of those
runs would write the value the variable already holds after the first:

- a once-flag turned off after (or before) the block it guards: a constant that makes every
  test of the flag in the function false (`if log_data: logging.info(...)`, then `log_data =
  False`), each test guarding host output only. The output comes once, eager or traced, and the
  flag keeps the constant for good. Anything else under such a test (`if first: x = x + 1`, a
  staged `jax.debug.callback`) or any other read of the flag is kept in the trace as it was
  first seen, so those stay reported;
- a conversion of the variable's own value that gives it back unchanged when run again
  (`decay_steps = float(decay_steps)`, also kept as it is under a test, or mapped over a tree
  of it: `decay_steps, count = jax.tree.map(lambda x: float(x) if isinstance(x, int) else x,
  (decay_steps, count))`).

Either way the function writes the name nowhere else: another write would make the runs differ.
The runs: benchmarks/framework_runs.py `jax_trace_time_writes_that_change_nothing`.
"""

from __future__ import annotations

import builtins

import libcst as cst

from acclint.analysis.scopes import NOT_LITERAL, literal_value
from acclint.analysis.walk import SCOPE_TYPES, all_params, children, walk_body
from acclint.lint.rule import RuleContext
from acclint.rules.tables import apis, writes_output

_UNKNOWN = object()  # a test whose truth the flag's constant does not decide


def settled_write(node: cst.CSTNode, target: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether the write `node` to the declared `global`/`nonlocal` name `target` is the
    function's only write of that name, and one whose every re-run writes the value already
    there: a once-flag turned off, or an idempotent conversion of the name's own value."""
    if isinstance(node, cst.Assign) and len(node.targets) == 1:
        whole = node.targets[0].target
    elif isinstance(node, cst.AnnAssign) and node.value is not None:
        whole = node.target
    else:
        return False
    name = target.value if isinstance(target, cst.Name) else None
    if name is None or len(ctx.analysis.body(ctx.function).flows_into.get(name, [])) != 1:
        return False
    if whole is target:
        return _converts_itself(node.value, name, ctx) or _turns_off_its_once_flag(node, node.value, name, ctx)
    at = _position(whole, target)
    return at is not None and _converts_its_element(node.value, at, name, ctx)


def _position(whole: cst.BaseExpression, target: cst.Name) -> int | None:
    """Where `target` stands in the unpacking `whole` (`a, b = ...`), if it is one of its
    plain elements and none is starred."""
    if not isinstance(whole, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in whole.elements):
        return None
    return next((at for at, e in enumerate(whole.elements) if e.value is target), None)


def _converts_itself(value: cst.BaseExpression, name: str, ctx: RuleContext) -> bool:
    """`float(x)`, `x if isinstance(x, float) else float(x)` or `jax.tree.map(float, x)`,
    where `x` is `name`: when run again, it gives the value `name` already holds."""
    if _leaf_map(value, ctx):
        return _idempotent_function(value.args[0].value, ctx) and _is(value.args[1].value, name)
    return _idempotent_in(value, name, ctx)


def _converts_its_element(value: cst.BaseExpression, at: int, name: str, ctx: RuleContext) -> bool:
    """The same for element `at` of an unpacked tuple: `a, b = float(a), g(b)`, or a tree map
    over a tuple whose element `at` is `name` (`a, b = jax.tree.map(float, (a, b))`)."""
    if _leaf_map(value, ctx):
        fn, tree = value.args[0].value, value.args[1].value
        return _idempotent_function(fn, ctx) and _element(tree, at) is not None and _is(_element(tree, at), name)
    element = _element(value, at)
    return element is not None and _idempotent_in(element, name, ctx)


def _leaf_map(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    """A tree map (`jax.tree.map(f, tree)`, framework data `leaf_maps`) of one tree."""
    return (
        isinstance(value, cst.Call) and len(value.args) == 2 and all(a.keyword is None and not a.star for a in value.args)
        and ctx.resolve(value.func) in ctx.analysis.facts.leaf_maps
    )


def _element(value: cst.BaseExpression, at: int) -> cst.BaseExpression | None:
    if not isinstance(value, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in value.elements):
        return None
    return value.elements[at].value if at < len(value.elements) else None


def _idempotent_function(fn: cst.BaseExpression, ctx: RuleContext) -> bool:
    """A conversion (`float`) or a one-parameter lambda whose body is idempotent in it."""
    if isinstance(fn, cst.Lambda):
        params = all_params(fn.params)
        return len(params) == 1 and _idempotent_in(fn.body, params[0].name.value, ctx)
    return ctx.resolve(fn) in apis()["io"]["idempotent_conversions"]


def _idempotent_in(value: cst.BaseExpression, name: str, ctx: RuleContext) -> bool:
    """`conv(name)`, or `name` under a test with `conv(name)` in the other branch: a function
    `g` of `name` with `g(g(x)) == g(x)` (it gives `x` or `conv(x)`, and `conv` gives its own
    results back), of a Python scalar. Two conversions (`int(x) if ... else float(x)`) can undo
    each other and are not."""
    if isinstance(value, cst.IfExp):
        branches = (value.body, value.orelse)
        return (
            any(_is(b, name) for b in branches) and any(_conversion_of(b, name, ctx) for b in branches)
            and _tests_only(value.test, name, ctx)
        )
    return _conversion_of(value, name, ctx)


def _tests_only(test: cst.BaseExpression, name: str, ctx: RuleContext) -> bool:
    """Whether `test` reads nothing but `name` and builtins (`isinstance(x, int)`): a test of
    another value could pick the other branch on a later run, which a cached call skips."""
    return all(
        part.value == name or (hasattr(builtins, part.value) and ctx.resolve(part) == part.value and not ctx.is_local(part.value))
        for part in (test, *walk_body(test)) if isinstance(part, cst.Name)
    )


def _conversion_of(value: cst.BaseExpression, name: str, ctx: RuleContext) -> bool:
    return (
        isinstance(value, cst.Call) and len(value.args) == 1 and value.args[0].keyword is None and not value.args[0].star
        and _is(value.args[0].value, name) and ctx.resolve(value.func) in apis()["io"]["idempotent_conversions"]
    )


def _is(value: cst.BaseExpression, name: str) -> bool:
    return isinstance(value, cst.Name) and value.value == name


def _turns_off_its_once_flag(node: cst.CSTNode, value: cst.BaseExpression, name: str, ctx: RuleContext) -> bool:
    """Whether `value` is a constant that makes false every `if` test of `name` in the
    function, there is one, each guarding host output only (no `else`), and `name` is read
    nowhere else in the function."""
    constant = literal_value(value)
    if constant is NOT_LITERAL:
        return False
    guards = 0
    stack = list(children(ctx.function.node.body))
    while stack:
        part = stack.pop()
        if part is node or isinstance(part, (cst.Global, cst.Nonlocal)) or type(part) in SCOPE_TYPES:
            continue
        if isinstance(part, cst.If) and _reads(part.test, name):
            if _holds(part.test, name, constant) is not False or part.orelse is not None or not _outputs_only(part.body, ctx):
                return False
            guards += 1
            continue
        if _is(part, name):
            return False  # a read the trace keeps as it was first seen
        stack.extend(children(part))
    return guards > 0


def _reads(test: cst.BaseExpression, name: str) -> bool:
    return any(_is(part, name) for part in walk_body(test)) or _is(test, name)


def _holds(test: cst.BaseExpression, name: str, constant: object) -> object:
    """What `test` gives with `name` holding `constant`: `F`, `not F`, `F is c`, `F is not c`,
    `F == c`, `F != c` with a literal `c`; `_UNKNOWN` for any other test."""
    if _is(test, name):
        return bool(constant)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _holds(test.expression, name, constant)
        return _UNKNOWN if inner is _UNKNOWN else not inner
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and _is(test.left, name):
        operator, other = test.comparisons[0].operator, literal_value(test.comparisons[0].comparator)
        if other is not NOT_LITERAL:
            if isinstance(operator, cst.Is):
                return constant is other
            if isinstance(operator, cst.IsNot):
                return constant is not other
            if isinstance(operator, cst.Equal):
                return constant == other
            if isinstance(operator, cst.NotEqual):
                return constant != other
    return _UNKNOWN


def _outputs_only(body: cst.BaseSuite, ctx: RuleContext) -> bool:
    """Whether every statement of `body` is a call that writes host output (a print or a
    log), run while the trace is built: once, as eagerly under the flag."""
    lines = body.body if isinstance(body, cst.IndentedBlock) else [body]
    return all(
        isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
        and all(isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and writes_output(ctx.resolve(small.value.func)) for small in line.body)
        for line in lines
    )
