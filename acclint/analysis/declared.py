"""What a module's top level declares that makes a comparison or an attribute static, read off
its `ast` tree so that the project index can carry it to the modules that import it.

- **String constants**: module-level names only ever bound to a string (`MODEL_MODE_PREFILL =
  "prefill"`). A tracer compared with a string gives Python's `False` (JAX's comparison
  operators decline a non-array operand and Python falls back to identity), so `mode ==
  MODEL_MODE_PREFILL` is a Python bool whatever `mode` holds.
- **Value enums**: module-level `enum.Enum` (or `str`/`StrEnum`) classes; a tracer compared with
  one of their members is `False` in the same way. An `IntEnum` member is an int, which JAX
  compares element-wise: no value enum.
- **Static fields**: fields declared static on a pytree dataclass (`mode: int =
  struct.field(pytree_node=False)`, `eqx.field(static=True)`): the pytree keeps them in its
  structure, so under a transform they hold the Python value they were built with. Which calls
  declare one is data (`static_field_calls` in the frameworks' `[values]`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Callable, Mapping

# Bases whose subclasses' members compare unequal to a tracer (no number among them).
VALUE_ENUM_BASES = frozenset({"enum.Enum", "enum.StrEnum", "str"})


@dataclass(frozen=True)
class Declared:
    strings: frozenset[str] = frozenset()
    enums: frozenset[str] = frozenset()
    # class name -> the fields it declares static
    static_fields: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, tree: ast.Module, resolve: Callable[[str], str | None], static_field_calls: Mapping[str, str]) -> Declared:
        """`resolve`: what a dotted name as the module spells it stands for (its imports)."""
        return cls(_strings(tree), _enums(tree, resolve), _static_fields(tree, resolve, static_field_calls))

    def all_static_fields(self) -> frozenset[str]:
        return frozenset(f for fields in self.static_fields.values() for f in fields)

    def to_data(self) -> list:
        return [sorted(self.strings), sorted(self.enums), {k: list(v) for k, v in sorted(self.static_fields.items())}]

    @classmethod
    def from_data(cls, data: list) -> Declared:
        strings, enums, fields_ = data
        return cls(frozenset(strings), frozenset(enums), {k: tuple(v) for k, v in fields_.items()})


def dotted(node: ast.expr) -> str | None:
    """`a.b.c` as a string, or None for any other expression."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _module_scope(tree: ast.Module):
    """The statements that run at module level (through `if`, `try`, `for`, `with` blocks, not
    into function or class bodies)."""
    stack = list(tree.body)
    while stack:
        statement = stack.pop()
        yield statement
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for name in _BLOCKS:
            stack.extend(getattr(statement, name, ()))


def _strings(tree: ast.Module) -> frozenset[str]:
    """Module-level names every binding of which gives a string literal (none `global` in a
    function, none bound by anything but a plain assignment)."""
    strings: set[str] = set()
    other: set[str] = _globals(tree)
    for statement in _module_scope(tree):
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(statement.name)
            continue
        is_string = isinstance(getattr(statement, "value", None), (ast.Constant, ast.JoinedStr)) and (
            isinstance(statement.value, ast.JoinedStr) or isinstance(statement.value.value, str)
        )
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    (strings if is_string else other).add(target.id)
                else:
                    other.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            continue
        other.update(_bound_by(statement))
    return frozenset(strings - other)


def _globals(tree: ast.Module) -> set[str]:
    """The names `global` statements declare, anywhere in the module. A `global` is a
    statement, so only statements are walked (into every block: function and class bodies,
    branches, handlers, `match` cases), not the expressions that make up most of a tree."""
    names: set[str] = set()
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Global):
            names.update(node.names)
        for name in _STATEMENT_BLOCKS:
            stack.extend(getattr(node, name, ()))
    return names


def _bound_by(statement: ast.stmt) -> set[str]:
    """The names a statement binds itself (a compound statement's header, not its blocks)."""
    names: set[str] = set()
    if isinstance(statement, ast.ExceptHandler) and statement.name:
        names.add(statement.name)
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        names.update((a.asname or a.name).split(".")[0] for a in statement.names)
    stack = [v for name, v in ast.iter_fields(statement) if name not in _BLOCKS]
    while stack:
        value = stack.pop()
        if isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, ast.Name) and isinstance(value.ctx, (ast.Store, ast.Del)):
            names.add(value.id)
        elif isinstance(value, ast.AST):
            stack.extend(ast.iter_child_nodes(value))
    return names


_BLOCKS = frozenset({"body", "orelse", "finalbody", "handlers"})
_STATEMENT_BLOCKS = (*_BLOCKS, "cases")  # `match` cases hold statements too


def _enums(tree: ast.Module, resolve: Callable[[str], str | None]) -> frozenset[str]:
    """Module-level classes every base of which is a value enum base or such a class."""
    classes = {s.name: s for s in tree.body if isinstance(s, ast.ClassDef)}
    found: set[str] = set()
    changed = True
    while changed:
        changed = False
        for name, node in classes.items():
            if name in found or not node.bases:
                continue
            names = [dotted(b) for b in node.bases]
            if all(n is not None and (n in found or resolve(n) in VALUE_ENUM_BASES) for n in names) and any(
                n in found or resolve(n) != "str" for n in names
            ):
                found.add(name)
                changed = True
    return frozenset(found)


def _static_fields(tree: ast.Module, resolve: Callable[[str], str | None], calls: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Per module-level class, the annotated fields whose value is a call declaring them static."""
    found: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        fields_ = []
        for statement in node.body:
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) and isinstance(statement.value, ast.Call):
                name = dotted(statement.value.func)
                wanted = calls.get(resolve(name) or "") if name is not None else None
                if wanted is not None and _says(statement.value, wanted):
                    fields_.append(statement.target.id)
        if fields_:
            found[node.name] = tuple(fields_)
    return found


def _says(call: ast.Call, wanted: str) -> bool:
    """Whether `call` passes the keyword `wanted` names (`"static=True"`; `""`: always)."""
    if not wanted:
        return True
    keyword, _, value = wanted.partition("=")
    return any(
        k.arg == keyword and isinstance(k.value, ast.Constant) and repr(k.value.value) == value for k in call.keywords
    )
