"""A call through a parameter that stands for a module (`xnp.stack` with `xnp=np` left out by a
traced reach), as a call of that module's function: acclint.analysis.module_defaults says which
parameters stand for a module, for the value analysis and for the rules alike."""

from __future__ import annotations

import libcst as cst

from acclint.analysis.module_defaults import module_defaults
from acclint.lint.rule import RuleContext


def default_module_call(func: cst.BaseExpression, ctx: RuleContext) -> str | None:
    """The qualified name `func` spells (`numpy.stack` of `xnp.stack`) where it is an
    attribute of a parameter of the function that stands for a module; None otherwise."""
    fn = ctx.function
    if fn is None or type(func) is not cst.Attribute or type(func.value) is not cst.Name:
        return None
    module = module_defaults(fn, ctx.analysis.index.imports, ctx.analysis.body(fn)).get(func.value.value)
    return None if module is None else f"{module}.{func.attr.value}"
