"""Callables stored on objects, then called through them in a trace.

A training state keeps the function that applies the model (`state = TrainState.create(
apply_fn=model.apply, ...)`), and the jitted step calls it through the state (`state.apply_fn(
{'params': p}, x, train)`): that call runs `model.__call__` in the step's trace, with `x` and
`train` as the step passes them. So does a callable kept by a dataclass field (`Holder(body)`,
then `holder.fn(x)`) or by an `__init__` that keeps its parameter (`self.fn = fn`, then
`self.fn(x)` in a jitted method): each was verified by running flax 0.12 and jax 0.10 (a Python
side effect in the body counts its traces; docs/contexts.md).

An attribute is matched by its name, in the module that calls it: `obj.NAME(...)` in a traced
function, where no method of that name is known, runs what the module hands to an attribute
`NAME`: the keyword `NAME=value` of a call that makes an object (a class, spelled as one, or a
method the data name as one that stores its keywords as fields: flax's `create` and `replace`,
`[stores_callables]`), and what a call of a class of the module passes at the place of a
dataclass field `NAME`, or of an `__init__` parameter the class keeps as `self.NAME` (`self.NAME =
param`). A value
the module never hands over by one of these spellings reaches nothing.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from acclint.analysis.arguments import fields_passed, passed
from acclint.analysis.records import class_fields
from acclint.analysis.scopes import ClassInfo, FunctionInfo, ModuleIndex

# What a stored value is: the expression handed over, and the function it is written in (None:
# the module's own statements), where its names are looked up.
Stored = tuple[cst.BaseExpression, FunctionInfo | None]


class StoredCallables:
    """What the calls of one module hand to attributes of the objects they make, by the
    attribute's name; read off the module index's walks once, when first asked."""

    def __init__(
        self, index: ModuleIndex, makers: frozenset[str], kept: Callable[[ClassInfo], dict[str, list[cst.BaseExpression]]],
        find_method: Callable[[ClassInfo, str], FunctionInfo | None],
    ) -> None:
        self.index = index
        self.makers = makers  # method names that store their keywords (`TrainState.create`)
        self.kept = kept  # what the methods of a class assign to `self.x` (ModuleClasses)
        self.find_method = find_method
        self._by_name: dict[str, list[Stored]] | None = None

    def values(self, name: str) -> list[Stored]:
        """What the module hands to an attribute `name` of an object it makes."""
        if self._by_name is None:
            self._by_name = {}
            for call, scope in self._calls():
                for attribute, value in self._handed(call).items():
                    self._by_name.setdefault(attribute, []).append((value, scope))
        return self._by_name.get(name, [])

    def _calls(self):
        """Every call of the module with the function it is made in, from the index's walks
        (each node with the place of its function among the statement's functions and classes)."""
        classes = {cls.node: cls for cls in self.index.all_classes}
        for walk in self.index.walks.values():
            made: list = []
            for node, fn_at, _cls_at in walk:
                kind = type(node)
                if kind is cst.FunctionDef or kind is cst.Lambda:
                    made.append(self.index.by_node.get(node))
                elif kind is cst.ClassDef:
                    made.append(classes.get(node))
                elif kind is cst.Call and node.args:
                    scope = made[fn_at] if fn_at >= 0 else None
                    yield node, scope if isinstance(scope, FunctionInfo) else None

    def _handed(self, call: cst.Call) -> dict[str, cst.BaseExpression]:
        """The attributes a call hands values to, with the values."""
        func = call.func
        cls = self.index.classes.get(func.value) if isinstance(func, cst.Name) else None
        if cls is not None:
            return self._of_class(call, cls)
        tail = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
        if tail in self.makers or tail[:1].isupper():
            return {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        return {}

    def _of_class(self, call: cst.Call, cls: ClassInfo) -> dict[str, cst.BaseExpression]:
        """What a call of a class of this module hands its attributes: its dataclass fields, or
        the `__init__` parameters its methods assign to attributes (`self._update = update`)."""
        init = self.find_method(cls, "__init__")
        if init is None:
            return fields_passed(call, list(class_fields(cls.node)))
        given = passed(call, init, bound=True)
        kept = self.kept(init.cls) if init.cls is not None else {}
        return {
            attribute: given[v.value] for attribute, values in kept.items()
            for v in values if isinstance(v, cst.Name) and v.value in given
        }
