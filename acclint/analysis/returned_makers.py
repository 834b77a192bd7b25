"""The calls whose objects a module's functions return, read off its `ast` tree, so that the
project index can carry them to the modules that import the functions.

A function that returns `tf.data.TFRecordDataset(path)` directly, through methods chained on it
(`tf.data.Dataset.from_tensor_slices(v).shuffle(10)`), or through a name it binds to such a call
and rebinds to methods of what the name held (`dataset = dataset.batch(8)`), gives whoever calls
it, in another module, such an object. Which calls make objects the analysis knows of is data
(the frameworks' `[[instances]]`), so this records only each returned value's making call as the
module resolves it, and whether methods were chained on it: acclint.analysis.objects decides
(a chain keeps the maker's class only where the data call that class fluent).
"""

from __future__ import annotations

import ast
from typing import Callable, Mapping

from acclint.analysis.declared import dotted

Made = tuple[tuple[str, bool], ...]  # (the making call, qualified; whether methods are chained on it)


def returned_makers(tree: ast.Module, own: Mapping[ast.AST, list[ast.AST]], resolve: Callable[[str], str | None]) -> dict[str, Made]:
    """The module-level functions of `tree` whose returns are made by a call: name -> the
    calls (none for a generator: what it returns is no value of the caller's). `own`: each
    module-level function's returns, assignments and yields of its own body (not of the
    functions, lambdas and classes nested in it), in the order of a walk that pops each node's
    children off a stack (acclint.analysis.wrappers.ModuleWalk.own, whose one walk of the module
    the project index reads this off, instead of walking each function again)."""
    out: dict[str, Made] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            nodes = own.get(statement, ())
            if any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in nodes):
                continue
            assigned: dict[str, list[ast.expr]] = {}
            for node in nodes:
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    assigned.setdefault(node.targets[0].id, []).append(node.value)
            made: set[tuple[str, bool]] = set()
            for node in nodes:
                if isinstance(node, ast.Return) and node.value is not None:
                    made |= _makers(node.value, False, assigned, resolve, set())
            if made:
                out[statement.name] = tuple(sorted(made))
    return out


def _makers(
    value: ast.expr, chained: bool, assigned: dict[str, list[ast.expr]], resolve: Callable[[str], str | None], seen: set[str],
) -> set[tuple[str, bool]]:
    """The calls `value` is made by: a call of a dotted name that is no local variable, methods
    chained on one, or a local variable's assigned values (each name followed once)."""
    if isinstance(value, ast.Name) and value.id in assigned:
        if value.id in seen:
            return set()
        seen.add(value.id)
        return {m for v in assigned[value.id] for m in _makers(v, chained, assigned, resolve, seen)}
    if not isinstance(value, ast.Call):
        return set()
    func = value.func
    if isinstance(func, ast.Attribute) and (
        isinstance(func.value, ast.Call) or (isinstance(func.value, ast.Name) and func.value.id in assigned)
    ):
        return _makers(func.value, True, assigned, resolve, seen)  # `x.shuffle(10)`: a method of what x holds
    name = dotted(func)
    qualified = resolve(name) if name is not None else None
    return {(qualified, chained)} if qualified else set()
