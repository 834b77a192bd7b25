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

from acclint.frameworks.markers import Framework
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.acc6_hidden_inputs import CACHED_ONLY, changed_here, is_read


class GradTensorAsTraceConstant(Rule):
    """A module-level tensor that requires grad is read where the trace records it as a constant, which cannot require grad.

    What it does:
        Flags a read, inside a `torch.jit.trace`d function or what it calls, of a module-level
        name bound to a tensor that requires grad: made with `requires_grad=True`
        (`torch.randn(3, requires_grad=True)`), as an `nn.Parameter(...)`, or switched on at
        module level (`w.requires_grad_()`, `w.requires_grad = True`).

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
        if any(_requires_grad(v, framework, ctx) for v in values) or _switched_on(name, framework, ctx.analysis.module):
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
        return keyword is None or _true(keyword)
    return keyword is not None and _true(keyword)


def _switched_on(name: str, framework: Framework, module: cst.Module) -> bool:
    """Whether a module-level statement switches `name`'s grad on: `name.requires_grad_()`
    (with no argument or a true one), `name.requires_grad = True`."""
    for line in module.body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
                call = small.value
                if (
                    isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)
                    and call.func.value.value == name and call.func.attr.value in framework.grad_methods
                    and (not call.args or _true(call.args[0].value))
                ):
                    return True
            elif isinstance(small, cst.Assign) and _true(small.value):
                if any(
                    isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name)
                    and t.target.value.value == name and t.target.attr.value == framework.grad_keyword
                    for t in small.targets
                ):
                    return True
    return False


def _true(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Name) and value.value == "True"
