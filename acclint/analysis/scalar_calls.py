"""Parameters of a jitted function that a call in its module passes a Python number or bool.

To the analysis a traced parameter is a pytree of tracers (`TREE`), or unknown where it has a
default or a plain type (`training: bool`): a pytree's truth is its structure, so
`if training:`, `not training` or `temperature or 1.0` on one stay unreported. A call of the
decorated function that passes a number or bool literal there proves the parameter a leaf:
a marker that traces Python scalars (`jax.jit`, the `scalars = "traced"` of its data file)
turns the value into a scalar tracer, whatever the annotation, and those truth tests raise
`TracerBoolConversionError`. Only calls of the decorated name itself count (`jax.jit(f)`
leaves `f` a plain function), or of a module-level name bound to the jitted function
(`f = jax.jit(f)`, `apply = jax.jit(model.apply)`, whose parameters are the variables and then
those of the module's `__call__`), and only parameters the marker does not declare static.
"""

from __future__ import annotations

from typing import Mapping

import libcst as cst

from acclint.analysis.scopes import ModuleIndex, Param


def scalar_literal(node: cst.BaseExpression) -> bool:
    """A number or bool written out: `3`, `-0.5`, `True`."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float)) or (isinstance(node, cst.Name) and node.value in ("True", "False"))


def scalar_parameters(index: ModuleIndex, traced: Mapping[str, tuple[list[Param], frozenset[str]]]) -> dict[str, set[str]]:
    """For each module-level function named in `traced` (its parameters as a caller passes
    them, and those of them its decorator traces), the traced parameters some call of it in
    the module passes a number or bool literal."""
    found: dict[str, set[str]] = {}
    for walk in index.walks.values():
        for node, _, _ in walk:
            if type(node) is not cst.Call or not isinstance(node.func, cst.Name) or node.func.value not in traced:
                continue
            params, names = traced[node.func.value]
            positional = [p for p in params if p.positional]
            if any(a.star for a in node.args):
                continue  # `f(*args)`: which argument goes where is unknown
            for i, arg in enumerate(node.args):
                if arg.keyword is not None:
                    name = arg.keyword.value
                elif i < len(positional):
                    name = positional[i].name
                else:
                    continue
                if name in names and scalar_literal(arg.value):
                    found.setdefault(node.func.value, set()).add(name)
    return found
