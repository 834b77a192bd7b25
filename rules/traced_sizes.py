"""Where a size torch.jit.trace records as a tensor reaches, and which calls make a Python number of it (ACC302).

Under torch.jit.trace `x.size(i)` / `x.shape[i]` is a graph op (aten::size): the size stays
dynamic in the trace as long as it stays a tensor-like value, and the moment Python needs a real
number the example's value is baked (acclint/frameworks/torch_trace.toml `[conversions]`; run:
benchmarks/framework_runs.py trace_size_conversions). acc2_control_flow's `_size_read` follows a
size read into the locals bound to it by `=`; `bound_size` adds the bindings that keep it
otherwise (a loop or comprehension target over a size sequence: `[int(s) for s in x.size()[2:]]`;
a parameter a traced caller passes one: `self.helper(x, w)` with `_, _, w, h = img.shape`), and
`conversion` names the calls besides `int`/`float`/`math` that convert one: `min`/`max` of it,
a legacy typed constructor (`torch.FloatTensor(size)`, `x.new(n, 3)`), an argument an op takes
only as a Python int (`groups=N`).
"""

from __future__ import annotations

from typing import Callable
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.narrowing import facts_of
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import Kind
from acclint.fix.imports import framework_of
from acclint.lint.rule import RuleContext

# `follow(expr, ctx)`: the size read `expr` holds in the function `ctx` visits, or None.
Follow = Callable[[cst.BaseExpression, RuleContext], "cst.CSTNode | None"]

_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
_CALLS: WeakKeyDictionary = WeakKeyDictionary()  # analysis -> {callee: [(caller, call, bound)]}
_following: set[tuple[int, str]] = set()  # (function, parameter) pairs being followed: no cycle


def bound_size(name: cst.Name, ctx: RuleContext, follow: Follow) -> cst.CSTNode | None:
    """The size read the local `name` holds through a binding other than `=`: the target of a
    comprehension or `for` over a size sequence (`x.size()`, `x.shape[2:]`, a local holding one,
    a display of sizes; not `range(n)`, whose items are Python ints), or a parameter that a call
    in a traced caller passes a size (`follow`ed in the caller)."""
    for iterable in _iterables(name, ctx):
        if _size_sequence(iterable, ctx, set()):
            found = follow(iterable, ctx)
            if found is not None:
                return found
    fn = ctx.function
    if name.value not in {p.name for p in fn.call_params} or (id(fn), name.value) in _following:
        return None
    _following.add((id(fn), name.value))
    try:
        for caller, call, bound in _traced_callers(ctx):
            arg = passed(call, fn, bound=bound).get(name.value)
            there = RuleContext(ctx.analysis, caller, _ignore, framework=ctx.framework) if arg is not None else None
            found = follow(arg, there) if there is not None else None
            if found is not None:
                return found
    finally:
        _following.discard((id(fn), name.value))
    return None


def not_a_tensor_here(name: cst.Name, ctx: RuleContext) -> bool:
    """Whether a guard around the visited node says `name` holds no tensor there (the false
    side of `isinstance(n, torch.Tensor)`, the true side of `isinstance(n, int)` or `n is
    None`): detectron2's `num = torch.clamp(n, max=k) if it is a tensor (in tracing) else min(n,
    k)` keeps the size a tensor in every trace."""
    path = [*ctx.ancestors, ctx.node] if ctx.node is not None else ctx.ancestors
    imports = ctx.analysis.index.imports
    for parent, child in zip(path, path[1:]):
        if isinstance(parent, (cst.If, cst.IfExp)) and (child is parent.body or child is parent.orelse):
            if facts_of(parent.test, child is parent.body, imports).get(name.value) is Kind.STATIC:
                return True
    return False


def conversion(node: cst.Call, ctx: RuleContext, read: Callable[[cst.BaseExpression], "cst.CSTNode | None"]) -> tuple[cst.CSTNode, cst.CSTNode, str] | None:
    """(where, size read, what) where `node` makes a Python number of a recorded size (`read`
    finds one in an expression): `min`/`max` of it (`size_choices`), a legacy typed constructor
    or method given it (`legacy_constructors`, `legacy_methods`), an argument an op takes only as
    a Python int (`int_arguments`, reported at the argument)."""
    framework = framework_of(ctx)
    qualified = ctx.resolve(node.func) or ""
    values = [a.value for a in node.args if not a.star and a.keyword is None]
    if qualified in framework.size_choices:
        found = next((r for v in values if (r := read(v)) is not None), None)
        return None if found is None else (node, found, f"'{qualified}' compares it in Python (a bool)")
    method = node.func.attr.value if isinstance(node.func, cst.Attribute) else None
    legacy = qualified in framework.legacy_constructors or (
        method in framework.legacy_methods and ctx.kind(node.func.value) >= Kind.TREE  # type: ignore[union-attr]
    )
    if legacy:
        found = next((r for v in values if (r := read(v)) is not None), None)
        return None if found is None else (node, found, f"the legacy constructor '{ctx.code_for(node.func)}' takes Python ints")
    for arg, keyword in _int_arguments(node, qualified, ctx):
        found = read(arg.value)
        if found is not None:
            return arg, found, f"'{ctx.code_for(node.func)}' takes its '{keyword}' only as a Python int"
    return None


def _int_arguments(node: cst.Call, qualified: str, ctx: RuleContext) -> list[tuple[cst.Arg, str]]:
    """The arguments of `node` its op takes only as Python ints (`int_arguments`), each with
    its name, given by keyword or by position; the method form of a top-level torch function
    called on a traced tensor (`x.chunk(n)`) counts positions from one less."""
    table = framework_of(ctx).int_arguments
    at, shift = table.get(qualified), 0
    if at is None and isinstance(node.func, cst.Attribute) and ctx.kind(node.func.value) >= Kind.TREE:
        method = node.func.attr.value
        at = next((places for f, places in table.items() if f.count(".") == 1 and f.rsplit(".", 1)[-1] == method), None)
        shift = 1
    if at is None:
        return []
    by_position = {p - shift: k for k, p in at.items()}
    positional = [a for a in node.args if a.keyword is None and not a.star]
    return [(a, a.keyword.value) for a in node.args if a.keyword is not None and a.keyword.value in at] + [
        (a, by_position[i]) for i, a in enumerate(positional) if i in by_position
    ]


def _iterables(name: cst.Name, ctx: RuleContext) -> list[cst.BaseExpression]:
    """What `name` iterates as a comprehension variable around the visited node, or as a `for`
    target of the function's body."""
    found = []
    for ancestor in reversed(ctx.ancestors):
        if isinstance(ancestor, _COMPREHENSIONS):
            for_in: cst.CompFor | None = ancestor.for_in
            while for_in is not None:
                if isinstance(for_in.target, cst.Name) and for_in.target.value == name.value:
                    found.append(for_in.iter)
                for_in = for_in.inner_for_in
    flows = ctx.analysis.body(ctx.function).flows_into.get(name.value, ())
    return found + [value for target, value, how in flows if how == "in" and isinstance(target, cst.Name)]


def _size_sequence(expr: cst.BaseExpression, ctx: RuleContext, seen: set[str]) -> bool:
    """Whether iterating `expr` gives sizes: `x.shape`, `x.size()`, a slice of one, `list`/
    `tuple` of one, a local bound by `=` to one, or a display of sizes."""
    reads = framework_of(ctx).size_reads
    while isinstance(expr, cst.Subscript) and all(isinstance(e.slice, cst.Slice) for e in expr.slice):
        expr = expr.value
    if isinstance(expr, cst.Call) and ctx.resolve(expr.func) in ("list", "tuple") and len(expr.args) == 1:
        return _size_sequence(expr.args[0].value, ctx, seen)
    if isinstance(expr, cst.Attribute):
        return expr.attr.value in reads and expr.attr.value == "shape"
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and not expr.args:
        return expr.func.attr.value in reads and expr.func.attr.value == "size"
    if isinstance(expr, (cst.Tuple, cst.List)):
        return bool(expr.elements)
    if isinstance(expr, cst.Name) and expr.value not in seen and ctx.is_local(expr.value):
        seen.add(expr.value)
        flows = ctx.analysis.body(ctx.function).flows_into.get(expr.value, ())
        return any(how == "=" and isinstance(t, cst.Name) and _size_sequence(v, ctx, seen) for t, v, how in flows)
    return False


def _calls_of(ctx: RuleContext) -> dict[FunctionInfo, list[tuple[FunctionInfo, cst.Call, bool]]]:
    """The calls each function of the module is run by in a traced function (a module-level or
    enclosing function by its name, a method of the caller's own class through its instance:
    `self.helper(...)`), with whether the call binds the instance; worked out once a module."""
    analysis = ctx.analysis
    known = _CALLS.get(analysis)
    if known is not None:
        return known
    found: dict[FunctionInfo, list[tuple[FunctionInfo, cst.Call, bool]]] = {}
    for caller in analysis.index.all_functions:
        if not caller.contexts:
            continue
        for call in analysis.body(caller).calls:
            callee, bound = _callee(call.func, caller, analysis)
            if callee is not None:
                found.setdefault(callee, []).append((caller, call, bound))
    _CALLS[analysis] = found
    return found


def _traced_callers(ctx: RuleContext) -> list[tuple[FunctionInfo, cst.Call, bool]]:
    """The calls of the visited function made in functions the visiting framework traces (a
    caller only torch.compile'd hands it Python ints, whatever the trace does)."""
    frameworks = ctx.analysis.markers.frameworks_of
    return [c for c in _calls_of(ctx).get(ctx.function, ()) if ctx.framework in frameworks(c[0].markers)]


def _callee(func: cst.BaseExpression, caller: FunctionInfo, analysis) -> tuple[FunctionInfo | None, bool]:
    if isinstance(func, cst.Name):
        scope: FunctionInfo | None = caller
        while scope is not None:
            if func.value in scope.inner:
                return scope.inner[func.value], False
            scope = scope.parent
        return analysis.index.functions.get(func.value), False
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        cls = caller.own_class(func.value.value)
        method = cls.methods.get(func.attr.value) if cls is not None else None
        return (method, True) if method is not None and method.is_method else (None, False)
    return None, False


def _ignore(*_args) -> None:
    """The reporter of a caller's context, asked questions only."""
