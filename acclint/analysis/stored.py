"""Callables stored on objects, then called through them in a trace.

A training state keeps the function that applies the model (`state = TrainState.create(
apply_fn=model.apply, ...)`), and the jitted step calls it through the state (`state.apply_fn(
{'params': p}, x, train)`): that call runs `model.__call__` in the step's trace, with `x` and
`train` as the step passes them. So does a callable kept by a dataclass field (`Holder(body)`,
then `holder.fn(x)`) or by an `__init__` that keeps its parameter (`self.fn = fn`, then
`self.fn(x)` in a jitted method): each was verified by running flax 0.12 and jax 0.10 (a Python
side effect in the body counts its traces; docs/contexts.md).

An attribute is matched by its name, in the module that calls it. Where the object's class is a
class of the module (`self.fn(x)` in its method, `HOLDER.fn(x)` after `HOLDER = Holder(...)`),
`obj.NAME(...)` runs what the calls of that class (or of a subclass) pass at the place of its
dataclass field `NAME`, or of an `__init__` parameter it keeps as `self.NAME` (`self.NAME =
param`). Where it is not known (`state` a parameter of the step), it runs what the module hands
over by keyword alone (`NAME=value`) to a call that makes an object: a class, spelled as one, or
a method the data name as one that stores its keywords as fields (`[stores_callables]`: flax's
`create`, `replace`); and never where `NAME` is a method of a class of the module or of
Python's own containers and strings (`err.update(...)`, `d.get(k)`): an unknown receiver is
likely one of those. A place filled by position on an object of unknown class is not followed
(jax-md's `CellListFns(allocate_fn, update_fn)` and `NeighborListFns(allocate, update)` would
match each other's `allocate`).
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from acclint.analysis.arguments import fields_passed, passed
from acclint.analysis.modules import ModuleClasses
from acclint.analysis.records import class_fields
from acclint.analysis.scopes import ClassInfo, FunctionInfo, ModuleIndex

# What a stored value is: the expression handed over, and the function it is written in (None:
# the module's own statements), where its names are looked up.
Stored = tuple[cst.BaseExpression, FunctionInfo | None]

# Methods of Python's containers and strings: an object of unknown class whose attribute of one
# of these names is called is likely one of them (`d.update(x)`, `s.replace(a, b)`).
_BUILTIN_METHODS = frozenset(name for kind in (dict, list, set, str, bytes, tuple) for name in dir(kind))


class StoredCallables:
    """What the calls of one module hand to attributes of the objects they make, by the
    attribute's name; read off the module index's walks once, when first asked."""

    def __init__(
        self, index: ModuleIndex, makers: frozenset[str], modules: ModuleClasses, find_method: Callable[[ClassInfo, str], FunctionInfo | None],
    ) -> None:
        self.index = index
        self.makers = makers  # method names that store their keywords (`TrainState.create`)
        self.modules = modules  # what the methods of a class assign to `self.x`, its bases of this module
        self.find_method = find_method
        # attribute -> (value, its scope, the class of this module made (None: another), by keyword)
        self._by_name: dict[str, list[tuple[cst.BaseExpression, FunctionInfo | None, ClassInfo | None, bool]]] | None = None
        self._methods: frozenset[str] | None = None

    def values(self, name: str, receiver: ClassInfo | None) -> list[Stored]:
        """What the module hands to the attribute `name` of an object of the class `receiver`
        (None: not known)."""
        if self._by_name is None:
            self._by_name = {}
            self._methods = frozenset(m for cls in self.index.all_classes for m in cls.methods)
            for call, scope in self._calls():
                cls, handed = self._handed(call)
                for attribute, (value, by_keyword) in handed.items():
                    self._by_name.setdefault(attribute, []).append((value, scope, cls, by_keyword))
        stored = self._by_name.get(name, [])
        if receiver is not None:
            return [
                (value, scope) for value, scope, cls, _ in stored
                if cls is not None and (cls is receiver or receiver in self.modules.module_bases(cls))
            ]
        if name in _BUILTIN_METHODS or name in self._methods:
            return []
        return [(value, scope) for value, scope, _, by_keyword in stored if by_keyword]

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

    def _handed(self, call: cst.Call) -> tuple[ClassInfo | None, dict[str, tuple[cst.BaseExpression, bool]]]:
        """The class of this module a call makes (None: another, or not known), and the
        attributes it hands values to, with the values and whether each is given by keyword."""
        func = call.func
        cls = self.index.classes.get(func.value) if isinstance(func, cst.Name) else None
        if cls is not None:
            keywords = {a.keyword.value for a in call.args if a.keyword is not None}
            return cls, {name: (value, name in keywords) for name, value in self._of_class(call, cls).items()}
        tail = func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else ""
        if tail in self.makers or tail[:1].isupper():
            return None, {a.keyword.value: (a.value, True) for a in call.args if a.keyword is not None}
        return None, {}

    def _fields(self, cls: ClassInfo, seen: frozenset[int]) -> list[str]:
        """The fields a dataclass-like class of this module takes, in order: its bases' (of
        this module) first, then its own."""
        if id(cls) in seen:
            return []
        inherited = [
            name for b in cls.bases if (base := self.modules.module_class(b)) is not None for name in self._fields(base, seen | {id(cls)})
        ]
        return inherited + [name for name in class_fields(cls.node) if name not in inherited]

    def _of_class(self, call: cst.Call, cls: ClassInfo) -> dict[str, cst.BaseExpression]:
        """What a call of a class of this module hands its attributes: its dataclass fields, or
        the `__init__` parameters its methods assign to attributes (`self._update = update`)."""
        init = self.find_method(cls, "__init__")
        if init is None:
            return fields_passed(call, self._fields(cls, frozenset()))
        given = passed(call, init, bound=True)
        kept = self.modules.kept_attributes(init.cls) if init.cls is not None else {}
        return {
            attribute: given[v.value] for attribute, values in kept.items()
            for v in values if isinstance(v, cst.Name) and v.value in given
        }
