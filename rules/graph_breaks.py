"""Graph breaks that split nothing (torch.compile, `[breaks]` in its data).

Dynamo ends the graph before a call it cannot trace and starts a new one after it. Where no
tensor operation follows the call in the compiled function, no second graph starts: the break
costs nothing, and a print there runs on every call with the right values
(benchmarks/framework_runs.py: compile_print_after_last_tensor_op). Only the compiled function
itself can tell: what a helper, a submodule's `forward` or another compiled function returns to
inside a trace may go on computing (the analysis's `inside_traces`, in this module or another),
so their calls are judged as before. Calls from eager code do not matter: they run the compiled
function, whose graph is its own.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.taint import Kind
from acclint.analysis.walk import walk_all
from acclint.fix.imports import framework_of
from acclint.lint.rule import RuleContext

_OPERATIONS = (cst.Call, cst.BinaryOperation, cst.UnaryOperation, cst.Comparison, cst.Subscript, cst.BooleanOperation)


def splits_no_graph(node: cst.Call, ctx: RuleContext) -> bool:
    """Whether `node`, a statement of the compiled function's own body (in no block), is
    followed by no operation on a value that is not a Python value for sure."""
    fn = ctx.function
    if not framework_of(ctx).breaks_split_graph or isinstance(fn.node, cst.Lambda) or fn in ctx.analysis.inside_traces:
        return False  # a helper, a submodule's `forward`: the graph around its caller's call goes on
    statements = list(fn.node.body.body)
    if len(ctx.ancestors) < 2 or not any(ctx.ancestors[1] is s for s in statements) or not isinstance(ctx.ancestors[1], cst.SimpleStatementLine):
        return False  # in a loop or a branch: what runs after it is more than the lines below
    line, small = ctx.ancestors[1], ctx.ancestors[2]  # from the body down: the line, its statement holding `node`
    later = [*line.body[line.body.index(small) + 1:], *statements[statements.index(line) + 1:]]  # `print(); z = y * 2` too
    return not any(_operation(n, ctx) for statement in later for n in walk_all(statement))


def _operation(node: cst.CSTNode, ctx: RuleContext) -> bool:
    """An operation that may be a tensor's: not one on Python values for sure, nor a method of
    a list, dict or set the function made (`alist.pop()`)."""
    if not isinstance(node, _OPERATIONS) or ctx.kind(node) is Kind.STATIC:
        return False
    return not (isinstance(node, cst.Call) and _own_container_method(node, ctx))


def _own_container_method(call: cst.Call, ctx: RuleContext) -> bool:
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
        return False
    name = func.value.value
    return any(
        isinstance(t.target, cst.Name) and t.target.value == name and isinstance(a.value, (cst.List, cst.Dict, cst.Set))
        for a in walk_all(ctx.function.node.body) if isinstance(a, cst.Assign) for t in a.targets
    )
