"""The one value a name holds where it is read, when the scope it is read in binds it once.

A value spelt through a name (`x = np.linspace(0, 1, 100)`, then `loss(r, x, y)` with `x`
static; `x = torch.rand(1, 8, 20, 20)`, then `torch.jit.trace(block, (x,))`) is read through its
binding. Module-level code binds it in `ModuleIndex.module_values`; a function (a script's
`main()`) in its own body. A name a function declares `global` holds what the module binds too.
More than one binding, a binding other than `name = value` (a loop target, `+=`, unpacking), or
a `nonlocal` name: no one value.
"""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from acclint.analysis.scopes import FunctionInfo, ModuleIndex
from acclint.analysis.taint import BodyFacts


class _Analysis(Protocol):
    index: ModuleIndex

    def body(self, fn: FunctionInfo) -> BodyFacts: ...


def bound_once(name: str, scope: FunctionInfo | None, analysis: _Analysis) -> cst.BaseExpression | None:
    """The value `name = value` binds `name` to, where `scope` (None: module level) reads it
    and that is its only binding there; None otherwise."""
    module = analysis.index.module_values.get(name, [])
    if scope is None:
        return module[0] if len(module) == 1 else None
    body = analysis.body(scope)
    flows = body.flows_into.get(name, [])
    if name in body.declared_outer and name not in body.declared_global:
        return None
    values = [value for target, value, how in flows if how == "=" and isinstance(target, cst.Name)]
    if len(values) != len(flows):
        return None
    if name in body.declared_global:
        values += module
    elif not flows:
        return None
    return values[0] if len(values) == 1 else None
