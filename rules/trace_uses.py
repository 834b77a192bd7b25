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

from acclint.analysis.bound_once import bound_once
from acclint.analysis.scopes import FunctionInfo, MarkerSite
from acclint.analysis.walk import children
from acclint.analysis.taint import Kind
from acclint.fix.imports import framework_of
from acclint.lint.rule import RuleContext

_EXAMPLE_KEYWORD = "example_inputs"


def used_at_example_shapes(fn: FunctionInfo, ctx: RuleContext, dimension: tuple[int, int] | None = None) -> bool:
    """Whether every trace of `fn` the module makes is bound to a name that the module only
    exports, saves, or calls with inputs of the example's spelled shapes; False where no such
    trace is seen (a helper the traced function calls). `dimension`: (input, axis), the one
    size the caller reads (`read_dimension`): then inputs of the example's rank that agree with
    it on that axis alone keep the trace right (ssd_87: traced at (2, 8, 4), called at (3, 8,
    4), the class count on axis 2 is the same in every call)."""
    sites = [s for s in ctx.analysis.index.sites if isinstance(s.expr, cst.Call) and _traces(s, fn, ctx)]
    return bool(sites) and all(_used_at_example(s, ctx, dimension) for s in sites)


def read_dimension(read: cst.CSTNode, ctx: RuleContext) -> tuple[int, int] | None:
    """(input position, axis) of the size read `read` (the `x.size` of `x.size(1)`, the `x.shape`
    of `x.shape[1]`, `x.size()[1]`) in the visited traced function, with a literal axis of one of
    its inputs, or of a local bound once to an integer index of one (`s = x[i]`: `s.size(0)`
    reads axis 1 of `x`); None elsewhere."""
    if not isinstance(read, cst.Attribute) or not isinstance(read.value, cst.Name):
        return None
    axes = set()
    for n in _walk(ctx.function.node):
        if isinstance(n, cst.Call) and n.func is read and len(n.args) == 1:
            axes.add(_int(n.args[0].value))
        elif isinstance(n, cst.Subscript) and (n.value is read or isinstance(n.value, cst.Call) and n.value.func is read and not n.value.args):
            axes.add(_index(n))
    axis = axes.pop() if len(axes) == 1 else None
    return None if axis is None else _input_axis(read.value.value, axis, ctx, set())


def _input_axis(name: str, axis: int, ctx: RuleContext, seen: set[str]) -> tuple[int, int] | None:
    fn = ctx.function
    inputs = [p.name for p in fn.params if p.name != fn.instance_param]
    if name in inputs:
        return inputs.index(name), axis
    if name in seen:
        return None
    seen.add(name)
    values = [value for _, value, how in ctx.analysis.body(fn).flows_into.get(name, ()) if how == "="]
    if len(values) != 1 or not isinstance(values[0], cst.Subscript) or not isinstance(values[0].value, cst.Name):
        return None
    index = values[0].slice[0].slice if len(values[0].slice) == 1 else None
    if not isinstance(index, cst.Index) or not (isinstance(index.value, cst.Integer) or isinstance(index.value, cst.Name) and ctx.kind(index.value) is Kind.STATIC):
        return None  # a slice keeps the axes; a tensor index may add some
    return _input_axis(values[0].value.value, axis + 1, ctx, seen)


def _index(subscript: cst.Subscript) -> int | None:
    element = subscript.slice[0].slice if len(subscript.slice) == 1 else None
    return _int(element.value) if isinstance(element, cst.Index) else None


def _int(expr: cst.BaseExpression) -> int | None:
    return int(expr.value) if isinstance(expr, cst.Integer) else None


def _traces(site: MarkerSite, fn: FunctionInfo, ctx: RuleContext) -> bool:
    found = ctx.analysis.applied_marker(site.expr)
    if found is None or found[0].name not in fn.markers or not site.expr.args:
        return False
    traced = site.expr.args[0].value
    if traced is fn.node or (fn.cls is None and isinstance(traced, cst.Name) and traced.value == fn.name):
        return True
    return fn.cls is not None and fn.name in ("forward", "__call__") and ctx.analysis.instance_class(traced, site.scope) is fn.cls


def _used_at_example(site: MarkerSite, ctx: RuleContext, dimension: tuple[int, int] | None) -> bool:
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
    fine = [n for c in _walk(root) if isinstance(c, cst.Call) for n in _fine_uses(c, name.value, example, site.scope, ctx, dimension)]
    return bool(reads) and len(fine) == len(reads)


def _fine_uses(
    call: cst.Call, name: str, example: list, scope: FunctionInfo | None, ctx: RuleContext, dimension: tuple[int, int] | None,
) -> list[cst.Name]:
    """The reads of `name` in `call` that keep the trace at the example's shapes: calling it
    with inputs of those shapes (or agreeing on `dimension`'s axis), its export method, an
    export function given it."""
    framework = framework_of(ctx)
    func = call.func
    if isinstance(func, cst.Name) and func.value == name:
        shapes = [_shape(a.value, scope, ctx) for a in call.args if a.keyword is None]
        return [func] if shapes == example or _agree_on(shapes, example, dimension) else []
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name:
        return [func.value] if func.attr.value in framework.export_methods else []
    if ctx.resolve(func) in framework.exports:
        return [a.value for a in call.args if isinstance(a.value, cst.Name) and a.value.value == name]
    return []


def _agree_on(shapes: list, example: list, dimension: tuple[int, int] | None) -> bool:
    """Whether inputs of spelled `shapes` have the example's number of inputs, and the example's
    rank and size on `dimension`'s input and axis."""
    if dimension is None or len(shapes) != len(example) or None in shapes:
        return False
    position, axis = dimension
    if position >= len(example):
        return False
    given, wanted = shapes[position][1:], example[position][1:]
    return len(given) == len(wanted) and axis < len(wanted) and given[axis] == wanted[axis]


def _shape(expr: cst.BaseExpression, scope: FunctionInfo | None, ctx: RuleContext) -> tuple[str, ...] | None:
    """The maker and literal shape of an example input (`torch.rand(1, 8, 20, 20)`), directly
    or through a name of the scope the trace is made in bound once to one: a module-level
    name, or a local of the function (`main()`'s `x = torch.rand(...)`)."""
    if isinstance(expr, cst.Name):
        expr = bound_once(expr.value, scope, ctx.analysis) or expr
    if not isinstance(expr, cst.Call) or (maker := ctx.resolve(expr.func)) not in framework_of(ctx).example_makers:
        return None
    spelled = [a.value for a in expr.args if a.keyword is None or a.keyword.value == "size"]
    if not spelled or not all(_literal(v) for v in spelled):
        return None
    if len(spelled) == 1 and isinstance(spelled[0], (cst.Tuple, cst.List)):
        spelled = [e.value for e in spelled[0].elements]  # `torch.rand((2, 8, 4))`: one size per axis
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
