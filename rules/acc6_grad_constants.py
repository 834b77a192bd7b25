"""ACC608: a module-level tensor that requires grad, read where the trace records globals as constants.

torch.jit.trace records a module-level tensor the traced function reads as a constant of the
trace (the tensor itself: in-place changes are seen), and a constant cannot require grad: tracing
raises "Cannot insert a Tensor that requires grad as a constant" (pytorch/pytorch#12946; before
2021 the trace kept it silently and cut its gradient). Which calls make such a tensor is each
framework's data (`[grad_constants]` in torch_trace.toml; `framework_runs.py
trace_global_requiring_grad`); torch.compile guards the global instead, and has none.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from acclint.analysis.taint import element_pairs
from acclint.frameworks.markers import Framework
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.acc6_hidden_inputs import CACHED_ONLY, changed_here, is_read


class GradTensorAsTraceConstant(Rule):
    """A module-level tensor that requires grad is read where the trace records it as a constant, which cannot require grad.

    What it does:
        Flags a read, inside a `torch.jit.trace`d function or what it calls, of a module-level
        name bound to a tensor that requires grad: made with `requires_grad=True`
        (`torch.randn(3, requires_grad=True)`), as an `nn.Parameter(...)`, or switched on at
        module level (`w.requires_grad_()`, `w.requires_grad = True`), where no later
        module-level statement rebinds it to another tensor or switches its grad off.

    Why is this bad:
        The trace records every module-level tensor it reads as a constant, and a constant cannot
        require grad: tracing raises "Cannot insert a Tensor that requires grad as a constant"
        (older versions kept it silently and cut its gradient). Eagerly, and under
        torch.compile, the same code trains the tensor.

    Example:
        x = torch.randn(3, requires_grad=True)

        def f(inp):
            return (x + inp).sum()

        traced = torch.jit.trace(f, (torch.randn(1),))  # RuntimeError

    Use instead:
        Pass the tensor as an input (`torch.jit.trace(f, (inp, x))`), or keep it as a
        parameter of an `nn.Module` traced as a module.

    Fix safety:
        No automatic fix: the tensor must become an input or a module's parameter, which
        changes the function's signature and its callers.
    """

    code = "ACC608"
    name = "grad-tensor-as-trace-constant"
    contexts = CACHED_ONLY
    VALID = [
        """
import torch

plain = torch.zeros(3)

def f(inp):
    return (plain + inp).sum()

traced = torch.jit.trace(f, (torch.randn(1),))
plain.add_(1)  # an in-place change the trace sees
""",
        """
import torch

x = torch.randn(3, requires_grad=True)

def f(inp, w):
    return (w + inp).sum()

traced = torch.jit.trace(f, (torch.randn(1), x))
""",
    ]
    INVALID = [
        """
import torch

x = torch.randn(3, requires_grad=True)

def f(inp):
    return (x + inp).sum()  # expect: ACC608

traced = torch.jit.trace(f, (torch.randn(1),))
""",
    ]

    def visit_Name(self, node: cst.Name, ctx: RuleContext) -> None:
        framework = ctx.framework
        if not framework.grad_methods and not framework.grad_makers:
            return
        name = node.value
        values = ctx.analysis.index.module_values.get(name)
        if not values or ctx.is_local(name) or not is_read(node, ctx.parent) or changed_here(node, ctx):
            return
        bindings = ctx.analysis.bindings
        if not bindings.is_module_name(name, ctx.function) or not bindings.module_value(name):
            return
        if _holds_grad_tensor(name, values, framework, ctx):
            ctx.report(
                node,
                f"module-level tensor '{name}' requires grad and is read in a trace that records it as a constant: "
                f"{framework.title} raises (Cannot insert a Tensor that requires grad as a constant); pass it as an input",
            )


def _requires_grad(value: cst.BaseExpression, framework: Framework, ctx: RuleContext) -> bool:
    """Whether `value` makes a tensor that requires grad: a maker of the data
    (`nn.Parameter(...)`, whose `requires_grad` defaults to true), or a call given the keyword
    set to true (`torch.randn(3, requires_grad=True)`)."""
    if not isinstance(value, cst.Call):
        return False
    keyword = next((a.value for a in value.args if a.keyword is not None and a.keyword.value == framework.grad_keyword), None)
    if ctx.resolve(value.func) in framework.grad_makers:
        return keyword is None or _flag(keyword) is True
    return keyword is not None and _flag(keyword) is True


def _holds_grad_tensor(name: str, values: list[cst.BaseExpression], framework: Framework, ctx: RuleContext) -> bool:
    """Whether the tensor module-level `name` holds after the module's statements requires
    grad: the last statement, in source order, that binds it (`values`, the module's bindings)
    or switches its grad (`name.requires_grad_(flag)`, `name.requires_grad = flag`) decides, so
    `x = x.detach()` or `x.requires_grad_(False)` after `x = torch.randn(3, requires_grad=True)`
    leaves a tensor the trace records without an error. A compound statement (`if`, `try`)
    that binds it decides by whether any of its bindings makes such a tensor."""
    held = False
    bound = {id(v) for v in values}
    for line in ctx.analysis.module.body:
        if isinstance(line, cst.SimpleStatementLine):
            for small in line.body:
                switched = _switch(small, name, framework)
                if switched is not None:
                    held = switched
                elif isinstance(small, cst.AnnAssign) and small.value is not None and id(small.value) in bound:
                    held = _requires_grad(small.value, framework, ctx)
                elif isinstance(small, cst.Assign):
                    held = _rebound(small, bound, framework, ctx, held)
        else:
            inside = [v for v in values if _within(v, line)]
            if inside:
                held = any(_requires_grad(v, framework, ctx) for v in inside)
    return held


def _rebound(assign: cst.Assign, bound: set[int], framework: Framework, ctx: RuleContext, held: bool) -> bool:
    """`held` after `assign`, which may bind the name (`values`' ids: `bound`), alone or as one
    element of an unpacking (`a, x = f(), g()`)."""
    for target in assign.targets:
        for _, value in element_pairs(target.target, assign.value):
            if id(value) in bound:
                held = _requires_grad(value, framework, ctx)
    return held


def _within(value: cst.BaseExpression, statement: cst.CSTNode) -> bool:
    """Whether `value` is a node of `statement`."""
    return bool(m.findall(statement, m.MatchIfTrue(lambda node: node is value)))


def _switch(small: cst.BaseSmallStatement, name: str, framework: Framework) -> bool | None:
    """What a module-level statement switches `name`'s grad to (`name.requires_grad_()`, with
    no argument or a literal flag; `name.requires_grad = flag`), or None where it does not."""
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        call = small.value
        if (
            isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)
            and call.func.value.value == name and call.func.attr.value in framework.grad_methods
        ):
            return True if not call.args else _flag(call.args[0].value)
    elif isinstance(small, cst.Assign) and any(
        isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name)
        and t.target.value.value == name and t.target.attr.value == framework.grad_keyword
        for t in small.targets
    ):
        return _flag(small.value)
    return None


def _flag(value: cst.BaseExpression) -> bool | None:
    """A literal `True` or `False`; None for anything else (the switch's effect is unknown)."""
    return value.value == "True" if isinstance(value, cst.Name) and value.value in ("True", "False") else None
