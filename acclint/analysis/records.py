"""Named tuples of this module: records whose every field is a pytree leaf.

A solver commonly returns its results as a `NamedTuple` (`out.errors`, `out.converged`,
`out.reg_ot_cost`). A named tuple is a pytree with no static fields, so each field holds exactly
what its constructor was given: `SinkhornOutput(u, errors, errors[-1] < tol, cost)` built from
tracers gives `out.converged` a tracer, and `if out.errors[-1] < 1 and out.converged:` raises
under `jit`. An attribute of a general pytree may be a static field or a config value and stays
unknown (docs/analysis.md); only the classes this module declares as named tuples
(`class Out(NamedTuple)`, `namedtuple("Out", "a b")`, `NamedTuple("Out", [("a", T)])`) are
read field by field, and only where every value a name is assigned is one of them.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from acclint.analysis.scopes import ModuleIndex
from acclint.analysis.taint import STATIC, Kind, Record, ReturnKinds, ValueQuery

NAMED_TUPLE_BASES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})
NAMED_TUPLE_FACTORIES = frozenset({"collections.namedtuple", "typing.NamedTuple", "typing_extensions.NamedTuple"})


class RecordClasses:
    """The named tuple classes of one module, by the name the module binds them to."""

    def __init__(self, index: ModuleIndex, resolve: Callable[[cst.BaseExpression], str | None]) -> None:
        self.resolve = resolve
        self.fields: dict[str, tuple[str, ...]] = {}
        for name, cls in index.classes.items():
            if any(resolve(base) in NAMED_TUPLE_BASES for base in cls.bases):
                self.fields[name] = class_fields(cls.node)
        for name, values in index.module_values.items():
            if len(values) == 1 and isinstance(values[0], cst.Call) and resolve(values[0].func) in NAMED_TUPLE_FACTORIES:
                found = _factory_fields(values[0])
                if found is not None:
                    self.fields[name] = found

    def construct(self, call: cst.Call, query: ValueQuery) -> Record | None:
        """The kinds of the fields a call of a record class builds (None: no record class, or
        arguments it cannot pair with the fields: `*args`, `**kwargs`, an unknown keyword)."""
        if not self.fields or not isinstance(call.func, cst.Name):
            return None
        fields = self.fields.get(call.func.value)
        if fields is None:
            return None
        given: dict[str, Kind] = {}
        for i, arg in enumerate(call.args):
            if arg.star:
                return None
            name = arg.keyword.value if arg.keyword is not None else (fields[i] if i < len(fields) else None)
            if name not in fields or name in given:
                return None
            given[name] = query.kind(arg.value)
        # A field left out takes the class's default: a value of the class body, no tracer.
        return Record((given.get(name, STATIC) for name in fields), fields)


def returned_record(values: list[cst.BaseExpression], query: ValueQuery) -> ReturnKinds | None:
    """What a function returns when every `return` builds the same record class: its fields'
    kinds, joined over the returns (None: some `return` is something else)."""
    records = [query.callee(v, query) if isinstance(v, cst.Call) else None for v in values]
    first = records[0] if records else None
    if not isinstance(first, Record) or not all(isinstance(r, Record) and r.fields == first.fields for r in records):
        return None
    return Record((max(column) for column in zip(*records)), first.fields)


def class_fields(node: cst.ClassDef) -> tuple[str, ...]:
    """The fields of `class Out(NamedTuple):`, its annotated names in order."""
    fields = []
    for statement in node.body.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    fields.append(small.target.value)
    return tuple(fields)


def _factory_fields(call: cst.Call) -> tuple[str, ...] | None:
    """The fields of `namedtuple("Out", "a b")`, `namedtuple("Out", ["a", "b"])` or
    `NamedTuple("Out", [("a", T), ("b", T)])` (None: fields it cannot read)."""
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if len(positional) != 2:
        return None
    spec = positional[1]
    if isinstance(spec, cst.SimpleString):
        return tuple(spec.evaluated_value.replace(",", " ").split())
    if not isinstance(spec, (cst.List, cst.Tuple)):
        return None
    fields = []
    for element in spec.elements:
        value = element.value
        if isinstance(value, (cst.Tuple, cst.List)) and value.elements:
            value = value.elements[0].value
        if not isinstance(value, cst.SimpleString):
            return None
        fields.append(value.evaluated_value)
    return tuple(fields)
