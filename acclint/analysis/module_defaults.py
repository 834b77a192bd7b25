"""Parameters whose default is a module, as that module where a traced reach leaves them out.

multinerf's `convert_to_ndc(..., xnp=np)` runs `xnp.moveaxis`, `xnp.stack([...])` on its rays:
called from a traced step without `xnp`, `xnp` is NumPy there, so `xnp.moveaxis` hands the
tracer to its own `transpose` (a tracer comes back) and `xnp.stack` converts one on the host
(TracerArrayConversionError; multinerf#62, run: benchmarks/framework_runs.py
jit_numpy_module_default). A parameter is that module for the value analysis and the rules where
its default is a name an import binds, or an attribute of one (`xnp=np`, `backend=jax.numpy`),
the body never rebinds it, and some traced reach may leave it out (not every traced reach is
known to pass it: `FunctionInfo.given`); every reach passing `xnp=jnp` makes it another module.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.names import ImportTable
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import BodyFacts
from acclint.analysis.walk import all_params


def module_defaults(fn: FunctionInfo, imports: ImportTable, body: BodyFacts) -> dict[str, str]:
    """The parameters of `fn` that stand for a module, each with the module's qualified name."""
    if fn.given is None or not isinstance(fn.node, cst.FunctionDef):
        return {}  # no traced reach known
    found: dict[str, str] = {}
    for param in all_params(fn.node.params):
        default, name = param.default, param.name.value
        if default is None or name in fn.given or name in body.flows_into:
            continue
        if type(default) in (cst.Name, cst.Attribute) and imports.is_imported(default):
            found[name] = imports.resolve(default)  # type: ignore[assignment]
    return found
