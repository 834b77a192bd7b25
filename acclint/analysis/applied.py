"""Calls that apply a module to arguments: linen's `model.apply(variables, x, training)`.

`apply` runs `model.__call__(x, training)` inside whatever trace makes the call, so `__call__`'s
parameters hold what the call passes after the variables: in a jitted `predict(params, x,
training)` that the module calls with `True`, `training` is a scalar tracer and
`nn.Dropout(deterministic=not training)` raises. Which method of which framework's modules
applies them, and the keywords `__call__` never sees, are data (`applied_by`,
`apply_keywords` in jax.toml). A call naming another method (`method=Net.encode`,
`method="encode"`) runs that method; one made on a model bound to an instance is not followed
then, one made through a stored `apply_fn` is (acclint.analysis.stored).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable

import libcst as cst

from acclint.analysis.modules import ModuleClasses
from acclint.analysis.reach import CallShape
from acclint.analysis.scopes import ClassInfo, FunctionInfo, Param
from acclint.frameworks.markers import TracedClass

VARIABLES = "<variables>"  # `apply`'s first parameter: a name no parameter of `__call__` can have
METHOD = "method"  # `apply`'s keyword naming the method it runs in place of `__call__` (flax linen)


def applied_class(
    call: cst.Call, scope: FunctionInfo, modules: ModuleClasses,
    values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
) -> ClassInfo | None:
    """The module class whose `__call__` `model.apply(...)` runs, where `model` is bound to an
    instance of one class of this module (`model = DNN(8, 0.1)`)."""
    if any(a.keyword is not None and a.keyword.value == METHOD for a in call.args):
        return None
    return apply_method_class(call.func, scope, modules, values_of)


def apply_method_class(
    func: cst.BaseExpression, scope: FunctionInfo | None, modules: ModuleClasses,
    values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]],
) -> ClassInfo | None:
    """The module class of `model` in `model.apply` (also handed to a marker:
    `jax.jit(model.apply)`), where `apply` is the method that applies its framework's modules."""
    if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
        return None
    cls = modules.called_class(func.value, scope, values_of)
    traced = modules.of.get(cls) if cls is not None else None
    if traced is None or not traced.applied_by or func.attr.value != traced.applied_by:
        return None
    return cls


def imported_applied(
    func: cst.BaseExpression, scope: FunctionInfo | None, modules: ModuleClasses,
    values_of: Callable[[str, FunctionInfo | None], list[cst.BaseExpression]], traced: Iterable[TracedClass],
) -> tuple[cst.BaseExpression, frozenset[str]] | None:
    """`model.apply` where `model` is an instance of a class another module defines (`model =
    Net()` with `Net` imported): the class as spelled, for the project layer to resolve, and
    the keywords `apply` keeps for itself, of the frameworks whose modules that method applies
    (`traced`: the frameworks' traced classes). None where no framework's modules are applied
    by that method."""
    if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
        return None
    keywords = [t.apply_keywords for t in traced if t.applied_by and t.applied_by == func.attr.value]
    made = modules.called_import(func.value, scope, values_of) if keywords else None
    return (made, frozenset().union(*keywords)) if made is not None else None


def applied_method(call: cst.Call) -> str:
    """The method an `apply` call runs: `__call__`, or the one its `method=` names by a class's
    attribute or a string (`method=Net.encode`, `method="encode"`)."""
    for a in call.args:
        if a.keyword is not None and a.keyword.value == METHOD:
            if isinstance(a.value, cst.Attribute):
                return a.value.attr.value
            return a.value.evaluated_value if isinstance(a.value, cst.SimpleString) else ""
    return "__call__"


def apply_params(call_params: list[Param]) -> list[Param]:
    """The parameters of `model.apply` as a caller passes them: the variables, then those of
    `__call__`."""
    return [Param(VARIABLES, positional=True, star=False, plain_typed=False), *call_params]


def applied_shape(shape: CallShape, keywords: frozenset[str]) -> CallShape | None:
    """What `__call__` receives from an `apply` call of this shape: its arguments after the
    variables, without `apply`'s own `keywords` (the class's `TracedClass.apply_keywords`) and
    `method=` (None: the variables are not passed by position)."""
    if not shape.positional:
        return None
    own = keywords | {METHOD}
    given = tuple(g - 1 if isinstance(g, int) else g for g in shape.given if g != 0 and g not in own)
    keywords = tuple((name, kind) for name, kind in shape.keywords if name not in own)
    return replace(shape, positional=shape.positional[1:], keywords=keywords, given=given)
