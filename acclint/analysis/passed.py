"""Compiled callables a module passes to functions of other modules of the project (issue 33, ACC5).

`run(jax.jit(step, static_argnums=1), data)` with `run` imported from another module hands `run`
the compiled callable: where `run` calls its parameter in a host loop, that call looks up the
wrapper application's cache, keyed as that application keys (acclint.analysis.loops). Within one
module the cache-key analysis follows the parameter to its callers itself (`_passed_compiled`);
across modules this module names what each call passes, as `Passed` seeds the project layer
carries to the called function's module (acclint.analysis.project), whose cache-key analysis
reads them once the reach is settled.

A call passes a compiled callable at a position or keyword where the argument is a cached
marker's application (`jax.jit(step)`, `partial(jax.jit, ...)(step)`), or a name every binding of
which in the call's scope, or else at module level, is one: an assignment of such an application,
or a `def` such a marker decorates. `functools.partial(run, fast)` passes what it binds, by the
same positions. Only calls of an imported name of the project count (the module's own functions
are the in-module analysis's), and nothing the module cannot see at the call: a parameter of
the calling function stays unknown.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Protocol

import libcst as cst

from acclint.analysis.modules import ModuleClasses
from acclint.analysis.reach import Options, Passed
from acclint.analysis.scopes import FunctionInfo, ModuleIndex
from acclint.analysis.walk import children
from acclint.analysis.wrappers import PARTIAL
from acclint.frameworks.markers import CACHED, Marker, MarkerTable


class ModuleAnalysis(Protocol):
    """What this module reads of a module's analysis (acclint.analysis.module.ModuleAnalysis,
    which calls `passed_out` while it is built, so it cannot be imported here)."""

    index: ModuleIndex
    markers: MarkerTable
    modules: ModuleClasses

    def applied_marker(self, call: cst.Call) -> tuple[Marker, Options] | None: ...

    def decorator_marker(self, expr: cst.BaseExpression) -> tuple[Marker, Options] | None: ...

# (the wrapper applied, its options, the application's code)
_Compiled = tuple


def passed_out(analysis: ModuleAnalysis, in_project: Callable[[str], bool]) -> list[tuple[str, Passed]]:
    """Each (qualified name of an imported project function, what a call passes it compiled)."""
    index = analysis.index
    bound = index.imports.bound_names()
    found: list[tuple[str, Passed]] = []
    # the properties giving an imported name, by name: most modules have none, and a call
    # `self.x(...)` is looked up only where some class has a property `x` that does
    properties = {name for cls in index.all_classes for name, fn in cls.methods.items() if _returned_import(analysis, fn) is not None}
    bindings: dict[int, dict[str, list]] = {}  # `_assigned`'s, each function's read once
    for site in index.calls:
        call: cst.Call = site.expr  # type: ignore[assignment]
        func, args = call.func, call.args
        if args and args[0].keyword is None and not args[0].star and index.imports.resolve(func) in PARTIAL:
            func, args = args[0].value, args[1:]  # `partial(run, fast)`: what it binds, by position
        if callee_head(func) in bound:
            qualified = index.imports.resolve(func)
        elif type(func) is cst.Attribute and func.attr.value in properties:
            qualified = _property_returned(analysis, func, site.scope)
        else:
            continue
        if qualified is None or analysis.markers.get(qualified) is not None or not in_project(qualified):
            continue
        position = 0
        for arg in args:
            if arg.star:
                break
            compiled = _compiled(analysis, arg.value, site.scope, bindings)
            if compiled is None and arg.keyword is not None:
                compiled = _bound(analysis, arg.value, site.scope, _marker, bindings)
            if compiled is not None:
                where = arg.keyword.value if arg.keyword is not None else str(position)
                found.append((qualified, Passed("", where, *compiled)))
            position += arg.keyword is None
    return found


def _property_returned(analysis: ModuleAnalysis, func: cst.BaseExpression, scope: FunctionInfo | None) -> str | None:
    """What `self.attr` names, in a method, where `attr` is a property of its class or a base of
    the module whose one `return` gives an imported name (diffrax's `AbstractAdjoint._loop`,
    which imports `loop` in its body to break an import cycle): that name, qualified."""
    if not (type(func) is cst.Attribute and type(func.value) is cst.Name and func.value.value == "self"):
        return None
    method = scope
    while method is not None and method.cls is None:
        method = method.parent
    if method is None:
        return None
    for cls in (method.cls, *analysis.modules.module_bases(method.cls)):
        found = cls.methods.get(func.attr.value)
        if found is not None:
            return _returned_import(analysis, found)
    return None


def _returned_import(analysis: ModuleAnalysis, fn: FunctionInfo) -> str | None:
    """The imported name a property returns, as its one `return` spells it."""
    node = fn.node
    if not isinstance(node, cst.FunctionDef) or not any(type(d.decorator) is cst.Name and d.decorator.value == "property" for d in node.decorators):
        return None
    returns = [n.value for n in _own_statements(node) if type(n) is cst.Return]
    if len(returns) != 1 or type(returns[0]) is not cst.Name or returns[0].value not in analysis.index.imports.bound_names():
        return None
    return analysis.index.imports.resolve(returns[0])


def _marker(analysis: ModuleAnalysis, expr: cst.BaseExpression) -> _Compiled | None:
    """The marker a value is, uncalled (`lax.while_loop`, a wrapper of the module or of the
    project, `partial(m, ...)` or a transparent call `jax.named_call(m, ...)` of one): (its
    name, its options, ""), for a `Passed` seed of a marker."""
    imports = analysis.index.imports
    while type(expr) is cst.Call and expr.args and expr.args[0].keyword is None and not expr.args[0].star and (
        imports.resolve(expr.func) in PARTIAL or imports.resolve(expr.func) in analysis.markers.transparent
    ):
        expr = expr.args[0].value
    if type(expr) not in (cst.Name, cst.Attribute):
        return None
    qualified = imports.resolve(expr)
    marker = analysis.markers.get(qualified)
    found = (marker, Options()) if marker is not None else analysis.wrappers.get(expr, qualified, imports)
    if found is None or analysis.markers.get(found[0].name) is None:
        return None  # a wrapper's marker the called module's table could not name
    return found[0].name, found[1], ""


def callee_head(func: cst.BaseExpression) -> str | None:
    """The name a callee's attribute chain starts from (`loops` of `loops.run`)."""
    while type(func) is cst.Attribute:
        func = func.value
    return func.value if type(func) is cst.Name else None


def _compiled(analysis: ModuleAnalysis, expr: cst.BaseExpression, scope: FunctionInfo | None, bindings: dict) -> _Compiled | None:
    """What `expr`, evaluated in `scope`, is compiled as: (marker, options, application code)."""
    if type(expr) is cst.Name:
        return _bound(analysis, expr, scope, _application, bindings)
    return _application(analysis, expr)


def _application(analysis: ModuleAnalysis, expr: cst.BaseExpression) -> _Compiled | None:
    """A cached marker's application (`jax.jit(step, static_argnums=1)`) as (marker, options, code)."""
    found = analysis.applied_marker(expr) if type(expr) is cst.Call else None
    if found is None or found[0].kind != CACHED:
        return None
    wrapped = expr.args[0].value if expr.args and expr.args[0].keyword is None else None  # type: ignore[attr-defined]
    fn = analysis.index.functions.get(wrapped.value) if type(wrapped) is cst.Name else None
    return found[0].name, _by_position(found[1], fn), analysis.module.code_for_node(expr)


def _by_position(options: Options, fn: FunctionInfo | None) -> Options:
    """`options` with its static argument names also as positions of the wrapped module
    function `fn` (jax.jit reads them off the signature: `jax.jit(f, static_argnames="k")` keys
    `k` passed by position too), which the called module cannot see."""
    if fn is None or not options.static_argnames:
        return options
    positional = [p.name for p in fn.params if p.positional]
    named = tuple(i for i, name in enumerate(positional) if name in options.static_argnames and i not in options.static_argnums)
    return replace(options, static_argnums=options.static_argnums + named)


def _bound(
    analysis: ModuleAnalysis, expr: cst.BaseExpression, scope: FunctionInfo | None,
    value: Callable[[ModuleAnalysis, cst.BaseExpression], _Compiled | None], bindings: dict,
) -> _Compiled | None:
    """What `value` makes of `expr` or, for a name, of every value bound to it in the nearest
    scope binding it (all the same, or None), a decorated `def` by its decorator."""
    if type(expr) is not cst.Name:
        return value(analysis, expr)
    name = expr.value
    fn = scope
    while fn is not None:
        if any(p.name == name for p in fn.params):
            return None  # what the caller's own callers pass: not seen here
        if name in fn.inner:
            return _decorated(analysis, fn.inner[name])
        values = _assigned(fn.node, bindings).get(name)
        if values:
            return _same(analysis, values, value)
        fn = fn.parent
    if name in analysis.index.functions:
        return _decorated(analysis, analysis.index.functions[name])
    return _same(analysis, analysis.index.module_values.get(name, []), value) or (value(analysis, expr) if name not in analysis.index.module_values else None)


def _same(analysis: ModuleAnalysis, values: list, value: Callable[[ModuleAnalysis, cst.BaseExpression], _Compiled | None]) -> _Compiled | None:
    """What `value` makes of each of a name's bound values, where all make the same."""
    found = [value(analysis, v) if v is not None else None for v in values]
    return found[0] if found and found[0] is not None and all(f == found[0] for f in found) else None


def _decorated(analysis: ModuleAnalysis, fn: FunctionInfo) -> _Compiled | None:
    """What a cached marker decorating `fn` compiles it as (the first such decorator)."""
    for decorator in fn.node.decorators if isinstance(fn.node, cst.FunctionDef) else ():
        found = analysis.decorator_marker(decorator.decorator)
        if found is not None and found[0].kind == CACHED:
            return found[0].name, _by_position(found[1], fn), analysis.module.code_for_node(decorator.decorator)
    return None


def _own_statements(node: cst.FunctionDef):
    """The nodes of a function's own body, not its nested functions' or classes'."""
    stack: list[cst.CSTNode] = list(node.body.body) if isinstance(node.body, cst.IndentedBlock) else []
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        yield current
        stack.extend(children(current))


def _assigned(node: cst.FunctionDef | cst.Lambda, bindings: dict[int, dict[str, list]]) -> dict[str, list]:
    """The values a function's own body assigns to each name with a plain `name = value`; any
    other binding of it there is a None among them (unknown). Read once per function (`bindings`)."""
    found = bindings.get(id(node))
    if found is not None:
        return found
    found = bindings[id(node)] = {}
    for current in _own_statements(node) if isinstance(node, cst.FunctionDef) else ():
        if type(current) is cst.Assign:
            for target in current.targets:
                if type(target.target) is cst.Name:
                    found.setdefault(target.target.value, []).append(current.value if len(current.targets) == 1 else None)
                else:
                    for name in _names(target.target):
                        found.setdefault(name, []).append(None)
        elif type(current) in (cst.AugAssign, cst.AnnAssign, cst.For, cst.WithItem, cst.NamedExpr):
            for name in _names(getattr(current, "target", None) or getattr(current, "asname", None)):
                found.setdefault(name, []).append(None)
    return found


def _names(target: cst.CSTNode | None) -> set[str]:
    """The plain names a binding target (or a `with ... as` clause) binds."""
    if target is None:
        return set()
    if isinstance(target, cst.AsName):
        target = target.name
    if type(target) is cst.Name:
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for e in target.elements for n in _names(e.value)}
    if type(target) is cst.StarredElement:
        return _names(target.value)
    return set()
