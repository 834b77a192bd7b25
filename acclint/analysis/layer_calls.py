"""Which arguments the calls of a class's instances pass as Python literals, read off a file's
`ast` tree for the project index (acclint.analysis.project's `FileIndex`).

A Keras layer's `call` is handed every argument as its caller passed it (`Layer.__call__`), so
`self.embed(inputs, dim=256)` gives `call` the Python int 256. The analysis gives `call` the
kinds of the calls it sees in traced code; a call made where a functional model is built (a
model's `__init__`, often in a file that names no marker and so is never parsed with libcst)
it does not see, and `call` then takes every input without a default for a tensor
(acclint.analysis.modules.entry_kinds). Reading those calls off the `ast` tree every screened
file has anyway costs one walk, no parse.

Recorded: `self.embed(...)` in a class one of whose methods binds `self.embed = Embed(...)`;
`e(...)` in a function that binds `e = Embed(...)`; `Embed(...)(...)`. The class is spelled as
the file's imports resolve it (`keras_hub.src.models.flux.flux_maths.TimestepEmbedding`), or as
its bare name for a class of the file itself (`local`). The project layer joins the calls of
each class across files (`Imported.layer_calls`), and the class's file makes a parameter
static where every recorded call passes it a literal (`static_parameters`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Callable, Iterable

_LITERALS = (ast.Constant,)


@dataclass(frozen=True)
class LayerCall:
    """One call of an instance of `cls`: for each positional argument and each keyword,
    whether it is a Python literal; `starred`: it passes `*args` or `**kwargs` (which may
    bind any parameter)."""

    cls: str
    local: bool
    positional: tuple[bool, ...]
    keywords: tuple[tuple[str, bool], ...]
    starred: bool

    def to_data(self) -> list:
        return [self.cls, self.local, list(self.positional), [list(k) for k in self.keywords], self.starred]

    @classmethod
    def from_data(cls, data: list) -> LayerCall:
        name, local, positional, keywords, starred = data
        return cls(name, local, tuple(positional), tuple((k, v) for k, v in keywords), starred)


def _literal(node: ast.expr) -> bool:
    """A Python value for sure, as written: a constant, a negated one, or a tuple of them."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if isinstance(node, ast.Tuple):
        return all(_literal(e) for e in node.elts)
    return isinstance(node, _LITERALS)


def layer_calls(tree: ast.Module, resolve: Callable[[str], str | None]) -> tuple[LayerCall, ...]:
    """The calls of instances of classes in `tree` (`resolve`: a dotted name as the file's
    module-level imports resolve it, None where they bind none of it). One walk: the targets
    bound and the calls made, each under its scope (the class for `self.x`, the function for
    a name), matched afterwards; the class of an instance is worked out only for those."""
    local_classes = {s.name for s in tree.body if type(s) is ast.ClassDef}
    bound: dict[tuple, list[ast.expr]] = {}  # (scope, target) -> the values bound to it
    calls: list[tuple[tuple | None, ast.Call]] = []  # (the scope and target called, or None: `C(...)(...)`)
    stack: list[tuple[ast.AST, int, int]] = [(tree, 0, 0)]  # node, enclosing class, function
    while stack:
        node, cls, fn = stack.pop()
        kind = type(node)
        if kind is ast.ClassDef:
            cls, fn = id(node), 0
        elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef or kind is ast.Lambda:
            fn = id(node)
        elif kind is ast.Assign:
            for target in node.targets:
                key = _key(target, cls, fn)
                if key is not None:
                    bound.setdefault(key, []).append(node.value)
        elif kind is ast.Call:
            func = node.func
            if type(func) is ast.Call:
                calls.append((None, node))
            else:
                key = _key(func, cls, fn)
                if key is not None:
                    calls.append((key, node))
        stack.extend((child, cls, fn) for child in ast.iter_child_nodes(node))
    if not calls:
        return ()

    def made(value: ast.expr) -> tuple[str, bool] | None:
        """The class `value` (`Embed(...)`) makes an instance of, and whether it is local."""
        if type(value) is not ast.Call:
            return None
        spelled = _dotted(value.func)
        if spelled is None:
            return None
        if spelled in local_classes:
            return spelled, True
        qualified = resolve(spelled)
        return (qualified, False) if qualified is not None else None

    classes: dict[tuple, tuple[str, bool] | None] = {}

    def class_of(key: tuple) -> tuple[str, bool] | None:
        """The one class every value bound to `key` makes an instance of, else None."""
        if key not in classes:
            found = {made(v) for v in bound.get(key, ())}
            classes[key] = found.pop() if len(found) == 1 else None
        return classes[key]

    out = []
    for key, call in calls:
        instance = made(call.func) if key is None else class_of(key)
        if instance is not None:
            out.append(LayerCall(
                instance[0], instance[1],
                tuple(_literal(a) for a in call.args if type(a) is not ast.Starred),
                tuple((k.arg, _literal(k.value)) for k in call.keywords if k.arg is not None),
                any(type(a) is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords),
            ))
    return tuple(out)


def _key(target: ast.expr, cls: int, fn: int) -> tuple | None:
    """What a target or a callee is remembered by: `self.embed` in a class, by the class;
    `embed` in a function, by the function."""
    kind = type(target)
    if kind is ast.Name:
        return ("name", fn, target.id) if fn else None
    if kind is ast.Attribute and cls and type(target.value) is ast.Name and target.value.id == "self":
        return ("self", cls, target.attr)
    return None


def static_parameters(calls: Iterable[LayerCall], params: list[tuple[str, bool]]) -> frozenset[str]:
    """The parameters (`params`: each one's name and whether it may be passed by position, in
    order, `self` left out) that every one of `calls` passes a literal; none where there is no
    call or a call passes `*args` or `**kwargs`."""
    calls = list(calls)
    if not calls or any(c.starred for c in calls):
        return frozenset()
    static = {name for name, _ in params}
    positional = [name for name, by_position in params if by_position]
    for call in calls:
        passed = dict(zip(positional, call.positional))
        passed.update(call.keywords)
        static &= {name for name, literal in passed.items() if literal}
    return frozenset(static)


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base is not None else None
    return None
