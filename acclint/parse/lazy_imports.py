"""Modules bound to a name without an `import` statement: lazy loaders.

TensorFlow and libraries built on it bind optional or heavy dependencies at module level with a
loader that imports the module on first use (`reverb = lazy_loader.LazyLoader("reverb",
globals(), "reverb")`); every later `reverb.TrajectoryDataset(...)` uses the module itself. The
loaders of TensorFlow, TF-Agents and TensorFlow Probability all take the name they are bound to,
the module's `globals()` and the module's name, so the shape of the call says what is loaded
whatever the loader's class is called. The import tables (acclint.analysis.names) and the
prefilter (acclint.parse.prefilter) bind such a name as `import reverb` would.
"""

from __future__ import annotations

import ast


def lazily_loaded(local: str, value: ast.AST) -> str | None:
    """The module a name `local` bound to `value` loads lazily: `value` is a call given `local`
    itself, a bare `globals()` and the module's dotted name, first and in that order; else None."""
    if type(value) is not ast.Call or len(value.args) < 3:
        return None
    name, scope, module = value.args[:3]
    if not (isinstance(name, ast.Constant) and name.value == local):
        return None
    if not (isinstance(scope, ast.Call) and isinstance(scope.func, ast.Name) and scope.func.id == "globals" and not scope.args):
        return None
    if not (isinstance(module, ast.Constant) and isinstance(module.value, str)):
        return None
    return module.value if all(part.isidentifier() for part in module.value.split(".")) else None
