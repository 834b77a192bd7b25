"""The Python int counters a compiled module's call steps, and the Python lists it grows, in itself
or in a submodule.

Dynamo specialises the int attributes of a module and of the modules it holds, and guards on
their values; an attribute the call itself steps is new on every call, so each call compiles
again until the recompile limit (torch 2.13, benchmarks/framework_runs.py
torch_stepped_submodule_ints: 8 graphs in 12 calls whether `forward` steps `self.n += 1`
itself, a helper method it calls does, a submodule's `forward` or a method of a submodule
(`self.cache.update(x)`, stepping `self.size += x.shape[1]`: torchtune#1663) does; a float
attribute so stepped compiles twice, the second time dynamic, and an int only read once).

A counter is an attribute its class's `__init__` sets to an int literal, stepped (`+=`, `-=`,
`*=`) by an int literal or a size (`x.shape[1]`, `x.size(1)`, `len(x)`, or a local bound to one)
in a method the call runs: `forward`, and what it calls through `self` - its own methods, and
the `forward` or a method of a submodule its `__init__` made from a class of this module.

Dynamo guards a list attribute's length too (SEQUENCE_LENGTH): a list its `__init__` sets to a
list display that the call grows (`self.feats.append(h)`, `insert`, `+= [h]`) and never rebinds
is one longer on every call, and each call compiles again (torch 2.13, benchmarks/blind
torch_compile_append_storm_1: 8 compiles in 10 calls).
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.loop_helpers import _STEPS
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.walk import walk_body

# Methods that grow a list by at least one item on every call.
GROWING_METHODS = frozenset({"append", "insert"})


def stepped_counters(cls: ClassInfo, classes: dict[str, ClassInfo]) -> tuple[str, ...]:
    """The int attributes (`size`, or `kv_cache.size` of a submodule) a call of a compiled
    instance of `cls` steps, in the order they are met."""
    return tuple(name for name, kind in _changed(cls, classes).items() if kind == "int")


def grown_lists(cls: ClassInfo, classes: dict[str, ClassInfo]) -> tuple[str, ...]:
    """The list attributes (`feats`, or `probe.feats` of a submodule) a call of a compiled
    instance of `cls` grows and never empties, in the order they are met."""
    return tuple(name for name, kind in _changed(cls, classes).items() if kind == "list")


def _changed(cls: ClassInfo, classes: dict[str, ClassInfo]) -> dict[str, str]:
    """The attributes a call of a compiled instance of `cls` changes on every call, each with
    its kind ("int": stepped, "list": grown), less the lists the call also empties (rebinds,
    or `clear()`s): one of those holds as many items after each call."""
    found: dict[str, str] = {}
    emptied: set[str] = set()
    _visit(cls, cls.methods.get("forward"), "", classes, found, emptied, set())
    return {name: kind for name, kind in found.items() if kind == "int" or name not in emptied}


def _visit(
    cls: ClassInfo, method: FunctionInfo | None, prefix: str, classes: dict[str, ClassInfo],
    found: dict[str, str], emptied: set[str], seen: set[int],
) -> None:
    me = method.self_name if method is not None else None
    if me is None or id(method) in seen:
        return
    seen.add(id(method))
    sets = init_sets(cls)
    ints = {name for name, value in sets if isinstance(value, cst.Integer)}
    lists = {name for name, value in sets if isinstance(value, cst.List)}
    sizes = _size_locals(method)
    submodules = {name: classes[value.func.value] for name, value in sets if _made_here(value, classes)}
    for node in walk_body(method.node):
        if isinstance(node, cst.Assign):  # `self.feats = []` on every call: no longer than the last
            emptied.update(prefix + name for t in node.targets if (name := _on(t.target, me)) is not None)
        if isinstance(node, cst.AugAssign) and isinstance(node.operator, _STEPS) and _on(node.target, me) in ints:
            if _int_step(node.value, sizes):
                found.setdefault(prefix + node.target.attr.value, "int")  # type: ignore[attr-defined]
        if isinstance(node, cst.AugAssign) and isinstance(node.operator, cst.AddAssign) and _on(node.target, me) in lists:
            if isinstance(node.value, cst.List) and node.value.elements:  # `self.feats += [h]`
                found.setdefault(prefix + node.target.attr.value, "list")  # type: ignore[attr-defined]
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute):
            continue
        name = _on(node.func, me)
        if name in cls.methods:  # `self._advance()`
            _visit(cls, cls.methods[name], prefix, classes, found, emptied, seen)
        elif name in submodules:  # `self.counter(x)`: the submodule's forward
            sub = submodules[name]
            _visit(sub, sub.methods.get("forward"), f"{prefix}{name}.", classes, found, emptied, seen)
        inner = node.func.value
        held = _on(inner, me) if isinstance(inner, cst.Attribute) else None
        if held in submodules:  # `self.cache.update(k)`
            sub = submodules[held]
            _visit(sub, sub.methods.get(node.func.attr.value), f"{prefix}{held}.", classes, found, emptied, seen)
        elif held in lists and node.func.attr.value in GROWING_METHODS:  # `self.feats.append(h)`
            found.setdefault(prefix + held, "list")
        elif held in lists and node.func.attr.value == "clear":
            emptied.add(prefix + held)


def _on(expr: cst.BaseExpression, me: str) -> str | None:
    """`attr` of `self.attr`, else None."""
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value == me:
        return expr.attr.value
    return None


def init_sets(cls: ClassInfo) -> list[tuple[str, cst.BaseExpression]]:
    """(attribute, value) of each `self.attr = value` in the class's `__init__`."""
    init = cls.methods.get("__init__")
    me = init.self_name if init is not None else None
    if me is None:
        return []
    return [
        (name, node.value) for node in walk_body(init.node) if isinstance(node, cst.Assign)
        for target in node.targets if (name := _on(target.target, me)) is not None
    ]


def _made_here(value: cst.BaseExpression, classes: dict[str, ClassInfo]) -> bool:
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in classes


def _size_locals(method: FunctionInfo) -> set[str]:
    """The locals a method binds once, to a size (`seq_len = k.shape[1]`)."""
    bound: dict[str, list[cst.BaseExpression]] = {}
    for node in walk_body(method.node):
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            bound.setdefault(node.targets[0].target.value, []).append(node.value)
    return {name for name, values in bound.items() if len(values) == 1 and _int_step(values[0], set())}


def _int_step(value: cst.BaseExpression, sizes: set[str]) -> bool:
    """An int literal, a size read (`x.shape[i]`, `x.size(i)`, `len(x)`) or a local bound to one."""
    if isinstance(value, cst.Integer):
        return True
    if isinstance(value, cst.Name):
        return value.value in sizes
    if isinstance(value, cst.Subscript):
        return isinstance(value.value, cst.Attribute) and value.value.attr.value == "shape"
    if isinstance(value, cst.Call):
        func = value.func
        return (isinstance(func, cst.Name) and func.value == "len") or (
            isinstance(func, cst.Attribute) and func.attr.value == "size" and len(value.args) == 1
        )
    return False
