"""A parameter whose default is a module, as that module where a traced call leaves it out.

multinerf's `convert_to_ndc(..., xnp=np)` runs `xnp.stack([...], axis=-1)` on its rays: called from
a traced step without `xnp`, `xnp` is NumPy and the call converts a tracer on the host
(TracerArrayConversionError; multinerf#62, run: benchmarks/framework_runs.py
jit_numpy_module_default). A parameter is taken as its default when a traced reach may leave it
out (not every traced reach is known to pass it: `FunctionInfo.given`); every call passing
`xnp=jnp` makes it another module.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.walk import all_params
from acclint.lint.rule import RuleContext


def default_module_call(func: cst.BaseExpression, ctx: RuleContext) -> str | None:
    """The qualified name `func` spells (`numpy.stack` of `xnp.stack`) where it is an
    attribute of a parameter of the function whose default names a module (`xnp=np`) and which
    a traced reach may leave at that default; None otherwise."""
    fn = ctx.function
    if fn is None or not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name):
        return None
    name = func.value.value
    if fn.given is None or name in fn.given or not isinstance(fn.node, cst.FunctionDef):
        return None  # not known, or passed by every traced reach
    param = next((p for p in all_params(fn.node.params) if p.name.value == name and p.default is not None), None)
    default = param.default if param is not None else None
    module = ctx.resolve(default) if isinstance(default, (cst.Name, cst.Attribute)) else None
    if module is None or module == ctx.code_for(default):
        return None  # not a name an import binds (`np` is `numpy`)
    return f"{module}.{func.attr.value}"
