"""Trace counters: an outer counter a cached trace bumps on purpose, to count its traces.

Tests check that a function is traced once (or once per shape) with

    n = 0

    @jax.jit
    def f(x):
        nonlocal n
        n += 1
        return x * 2

    f(x); f(x)
    self.assertEqual(n, 1)

The write runs only while a trace is built, which is exactly what the test asserts. The same
idiom counts with `counts[k] += 1` or `witness.append(None)`. A write is taken for such a
counter only when it adds a literal constant (`+= 1`, `.append(None)`), and when the scope that
owns the name reads it nowhere but in checks and reports of traces: an `assert`, an `assert...`
call (`self.assertEqual(n, 1)`, `np.testing.assert_equal`, `AssertionError(n)`), a comparison
(`if n != 1: raise`) or a `print` whose text or counter says it counts traces or compiles
(`print("traced", n, "times")`, `print(num_traces)`). Everything else it does with the name is a reset (`n = 0`, `del seen[:]`) or
another constant bump. A counter whose value the program goes on to use (`steps = n`, `lr(n)`),
one it prints bare or as a count of something else (`print(counter, processed)`: the user of
tensorflow#28841 expected one per dataset element), a write of a traced value, or an
accumulation (`total += loss`) is not this idiom and stays reported.

With `--strictness pedantic` the idiom is reported like any other trace-time write.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.trace_words import says_traces
from acclint.lint.rule import RuleContext

_REPORTS = frozenset({"print"})  # a check where its text or the counter's name says it counts traces
_RESETS = frozenset({"clear"})


def is_trace_counter(write: cst.CSTNode, name: str, ctx: RuleContext) -> bool:
    """Whether `write` (an augmented assignment, or an `append` call) bumps the outer counter
    `name` by a constant, and the scope owning `name` only checks or prints its value."""
    if ctx.analysis.pedantic or not _constant_bump(write, name):
        return False
    bindings = ctx.analysis.bindings
    owner = bindings.enclosing_binder(name, ctx.function)  # None: the module's name
    uses = _Uses(name)
    for root in [owner.node] if owner is not None else bindings.mentions(name):
        root.visit(uses)
    return uses.checked and not uses.other


def _constant_bump(node: cst.CSTNode, name: str) -> bool:
    """`n += 1`, `counts[k] += 1`, `seen.append(None)`: a constant added to `name`."""
    if isinstance(node, cst.AugAssign):
        return _counted(node.target, name) and isinstance(node.operator, (cst.AddAssign, cst.SubtractAssign)) and _literal(node.value)
    if isinstance(node, cst.Call):
        func = node.func
        return (
            isinstance(func, cst.Attribute) and func.attr.value == "append" and _is_name(func.value, name)
            and len(node.args) == 1 and _literal(node.args[0].value)
        )
    return False


def _counted(target: cst.BaseExpression, name: str) -> bool:
    """`n`, or `n[k]` with a constant key."""
    if _is_name(target, name):
        return True
    return (
        isinstance(target, cst.Subscript) and _is_name(target.value, name) and len(target.slice) == 1
        and isinstance(target.slice[0].slice, cst.Index) and _literal(target.slice[0].slice.value)
    )


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)) or (isinstance(node, cst.Name) and node.value in ("None", "True", "False"))


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


class _Uses(cst.CSTVisitor):
    """Sorts the occurrences of a name in a scope: checked (read in an assertion, comparison or
    a print reporting traces), counted or reset (the idiom's own writes), or other (any other use)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.checked = False
        self.other = False
        self._depth = 0  # how many checks the visit is inside

    def _check_call(self, node: cst.Call) -> bool:
        func = node.func
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        return last.lower().startswith("assert") or (last in _REPORTS and says_traces(node, self.name))  # `AssertionError(n)` too

    def _enter(self, node: cst.CSTNode) -> bool:
        self._depth += 1
        return True

    def _leave(self, node: cst.CSTNode) -> None:
        self._depth -= 1

    visit_Assert = visit_Comparison = _enter
    leave_Assert = leave_Comparison = _leave

    def visit_Call(self, node: cst.Call) -> bool:
        if self._check_call(node):
            self._depth += 1
            return True
        func = node.func
        if (
            isinstance(func, cst.Attribute) and _is_name(func.value, self.name) and self._depth == 0
            and (func.attr.value in _RESETS or _constant_bump(node, self.name))
        ):
            return False  # `seen.clear()`, `seen.append(None)`
        return True

    def leave_Call(self, node: cst.Call) -> None:
        if self._check_call(node):
            self._depth -= 1

    def visit_Global(self, node: cst.Global) -> bool:
        return False

    def visit_Nonlocal(self, node: cst.Nonlocal) -> bool:
        return False

    def visit_Param(self, node: cst.Param) -> bool:
        return False

    def visit_Assign(self, node: cst.Assign) -> bool:
        for target in node.targets:
            if not _is_name(target.target, self.name):
                target.target.visit(self)
        node.value.visit(self)  # `n = 0` resets; what the value reads still counts
        return False

    def visit_AugAssign(self, node: cst.AugAssign) -> bool:
        if _constant_bump(node, self.name):
            return False
        return True

    def visit_Del(self, node: cst.Del) -> bool:
        target = node.target
        if isinstance(target, cst.Subscript) and _is_name(target.value, self.name):
            return False  # `del seen[:]`
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            if self._depth:
                self.checked = True
            else:
                self.other = True
