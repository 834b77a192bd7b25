"""Parameters of a jitted function that a call in its module passes a leaf: a Python number or
bool, or an array.

To the analysis a traced parameter is a pytree of tracers (`TREE`), or unknown where it has a
default or a plain type (`training: bool`): a pytree's truth is its structure, so
`if training:`, `not training` or `temperature or 1.0` on one stay unreported. A call of the
decorated function that passes a number or bool literal there proves the parameter a leaf:
a marker that traces Python scalars (`jax.jit`, the `scalars = "traced"` of its data file)
turns the value into a scalar tracer, whatever the annotation, and those truth tests raise
`TracerBoolConversionError`. So does a call that passes an array an array namespace makes
(`solve(u0, jnp.array(2.0))`; `is_array` says which calls make one): every marker traces an
array as one tracer, and its truth needs the value (probdiffeq#813). Only calls of the decorated name itself count (`jax.jit(f)`
leaves `f` a plain function), or of a module-level name bound to the jitted function
(`f = jax.jit(f)`, `apply = jax.jit(model.apply)`, whose parameters are the variables and then
those of the module's `__call__`), and only parameters the marker does not declare static.

Markers whose data say `scalars = "keyed"` (torch.compile, tf.function, equinox.filter_jit) key
their trace on a Python number instead, so a parameter that *every* call passes one is a Python value in every
trace, not a pytree of tensors (`every_call_scalar`): a branch on it is decided per trace, never
a graph break. That needs every call, and the name not handed anywhere a call could pass a
tensor: not an argument of a call, not the value of an assignment. (A `return` of it is not
seen; a reach from another module comes with its own kinds.)
"""

from __future__ import annotations

from typing import Callable, Mapping

import libcst as cst

from acclint.analysis.scopes import ModuleIndex, Param


def scalar_literal(node: cst.BaseExpression) -> bool:
    """A number or bool written out: `3`, `-0.5`, `True`."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float)) or (isinstance(node, cst.Name) and node.value in ("True", "False"))


Traced = Mapping[str, tuple[list[Param], frozenset[str]]]


def scalar_parameters(index: ModuleIndex, traced: Traced, is_array: Callable[[cst.Call], bool]) -> dict[str, set[str]]:
    """For each module-level function named in `traced` (its parameters as a caller passes
    them, and those of them its decorator traces), the traced parameters some call of it in
    the module passes a number or bool literal, or a call `is_array` says makes an array."""
    found: dict[str, set[str]] = {}
    for callee, arguments in _calls(index, traced):
        if arguments is not None:
            found.setdefault(callee, set()).update(
                name for name, value in arguments.items()
                if scalar_literal(value) or (isinstance(value, cst.Call) and is_array(value))
            )
    return found


def every_call_scalar(index: ModuleIndex, traced: Traced) -> dict[str, set[str]]:
    """For each name in `traced` the module calls, the traced parameters every call of it
    passes a number or bool literal; no entry for a name handed on (an argument of a call,
    the value of an assignment) or called with arguments that cannot be placed (`*args`)."""
    handed = _handed_names(index, traced)
    found: dict[str, set[str]] = {}
    for callee, arguments in _calls(index, traced):
        if callee in handed:
            continue
        if arguments is None:
            handed.add(callee)
            found.pop(callee, None)
            continue
        scalar = {name for name, value in arguments.items() if scalar_literal(value)}
        found[callee] = found[callee] & scalar if callee in found else scalar
    return found


def _calls(index: ModuleIndex, traced: Traced):
    """Each call of a name in `traced`: the name and, per traced parameter it passes, the
    argument (None: `f(*args)`, which argument goes where is unknown)."""
    for walk in index.walks.values():
        for node, _, _ in walk:
            if type(node) is not cst.Call or not isinstance(node.func, cst.Name) or node.func.value not in traced:
                continue
            params, names = traced[node.func.value]
            if any(a.star for a in node.args):
                yield node.func.value, None
                continue
            positional = [p for p in params if p.positional]
            arguments: dict[str, cst.BaseExpression] = {}
            for i, arg in enumerate(node.args):
                if arg.keyword is not None:
                    name = arg.keyword.value
                elif i < len(positional):
                    name = positional[i].name
                else:
                    continue
                if name in names:
                    arguments[name] = arg.value
            yield node.func.value, arguments


def _handed_names(index: ModuleIndex, traced: Traced) -> set[str]:
    """The names of `traced` some call receives as an argument or an assignment takes as its
    value (whole, or as an element of a list, tuple or dict display)."""
    handed: set[str] = set()
    for walk in index.walks.values():
        for node, _, _ in walk:
            kind = type(node)
            if kind is cst.Call:
                values = [a.value for a in node.args]
            elif kind is cst.Assign or kind is cst.AnnAssign:
                values = [node.value] if node.value is not None else []
            else:
                continue
            for value in values:
                displayed = isinstance(value, (cst.List, cst.Tuple, cst.Set, cst.Dict))
                for item in [element.value for element in value.elements] if displayed else [value]:
                    if isinstance(item, cst.Name) and item.value in traced:
                        handed.add(item.value)
    return handed
