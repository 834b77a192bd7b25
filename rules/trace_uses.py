"""Whether a traced function is only ever used at its example's shapes (ACC302).

`torch.jit.trace` bakes a size read as a Python number (`int(x.shape[2] * 2)`): the trace is
right at the example's shapes and wrong at others (run: benchmarks/framework_runs.py
trace_size_used_at_example_shape). A program that only exports or saves the trace (`[conversions]
exports`, `export_methods`), or calls it with inputs made as the example was (the same maker,
the same literal shape: `torch.rand(1, 8, 20, 20)`), uses it at that shape only
(yolov5-dnn#11's export). Anything else done with the trace (a call with other data, a loop,
handing it on) may change the shape.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.scopes import FunctionInfo, MarkerSite
from acclint.analysis.walk import children
from acclint.fix.imports import framework_of
from acclint.lint.rule import RuleContext

_EXAMPLE_KEYWORD = "example_inputs"


def used_at_example_shapes(fn: FunctionInfo, ctx: RuleContext) -> bool:
    """Whether every trace of `fn` the module makes is bound to a name that the module only
    exports, saves, or calls with inputs of the example's spelled shapes; False where no such
    trace is seen (a helper the traced function calls)."""
    sites = [s for s in ctx.analysis.index.sites if isinstance(s.expr, cst.Call) and _traces(s, fn, ctx)]
    return bool(sites) and all(_used_at_example(s, ctx) for s in sites)


def _traces(site: MarkerSite, fn: FunctionInfo, ctx: RuleContext) -> bool:
    found = ctx.analysis.applied_marker(site.expr)
    if found is None or found[0].name not in fn.markers or not site.expr.args:
        return False
    traced = site.expr.args[0].value
    if traced is fn.node or (fn.cls is None and isinstance(traced, cst.Name) and traced.value == fn.name):
        return True
    return fn.cls is not None and fn.name in ("forward", "__call__") and ctx.analysis.instance_class(traced, site.scope) is fn.cls


def _used_at_example(site: MarkerSite, ctx: RuleContext) -> bool:
    call = site.expr
    given = next((a.value for a in call.args[1:] if a.keyword is None or a.keyword.value == _EXAMPLE_KEYWORD), None)
    if given is None:
        return False
    elements = [e.value for e in given.elements] if isinstance(given, (cst.Tuple, cst.List)) else [given]
    example = [_shape(e, site.scope, ctx) for e in elements]
    if None in example:
        return False
    root = site.scope.node if site.scope is not None else ctx.analysis.module
    bound = [
        n for n in _walk(root) if isinstance(n, cst.Assign) and n.value is call
        and len(n.targets) == 1 and isinstance(n.targets[0].target, cst.Name)
    ]
    if len(bound) != 1:
        return False
    name = bound[0].targets[0].target
    reads = [n for n in _walk(root) if isinstance(n, cst.Name) and n.value == name.value and n is not name]
    fine = [n for c in _walk(root) if isinstance(c, cst.Call) for n in _fine_uses(c, name.value, example, site.scope, ctx)]
    return bool(reads) and len(fine) == len(reads)


def _fine_uses(call: cst.Call, name: str, example: list, scope: FunctionInfo | None, ctx: RuleContext) -> list[cst.Name]:
    """The reads of `name` in `call` that keep the trace at the example's shapes: calling it
    with inputs of those shapes, its export method, an export function given it."""
    framework = framework_of(ctx)
    func = call.func
    if isinstance(func, cst.Name) and func.value == name:
        shapes = [_shape(a.value, scope, ctx) for a in call.args if a.keyword is None]
        return [func] if shapes == example else []
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name:
        return [func.value] if func.attr.value in framework.export_methods else []
    if ctx.resolve(func) in framework.exports:
        return [a.value for a in call.args if isinstance(a.value, cst.Name) and a.value.value == name]
    return []


def _shape(expr: cst.BaseExpression, scope: FunctionInfo | None, ctx: RuleContext) -> tuple[str, ...] | None:
    """The maker and literal shape of an example input (`torch.rand(1, 8, 20, 20)`), directly
    or through a module-level name bound once to one; None otherwise."""
    if isinstance(expr, cst.Name) and scope is None:
        values = ctx.analysis.index.module_values.get(expr.value, [])
        expr = values[0] if len(values) == 1 else expr
    if not isinstance(expr, cst.Call) or (maker := ctx.resolve(expr.func)) not in framework_of(ctx).example_makers:
        return None
    spelled = [a.value for a in expr.args if a.keyword is None or a.keyword.value == "size"]
    if not spelled or not all(_literal(v) for v in spelled):
        return None
    return (maker, *(ctx.code_for(v) for v in spelled))


def _literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, (cst.Tuple, cst.List)):
        return all(_literal(e.value) for e in expr.elements)
    return isinstance(expr, cst.Integer)


def _walk(root: cst.CSTNode):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(children(node))
