"""The tensor dimensions a compiled function's body unrolls a Python loop over.

torch.compile unrolls a Python loop while tracing: a loop bounded by a dimension of a tensor
parameter (`range(x.shape[1])`, `range(x.size(1))`, `range(len(x))`) or iterating over one
(`for row in x`) is specialised to that dimension's value, so the dimension is keyed by value
even where automatic dynamic shapes make the tensor's other dimensions symbolic
(`CacheKey.dimensions_specialized_by`; torch 2.13: 8 graphs in 10 calls, pytorch#115626). The
loop analysis (loops.py) reads these dimensions to tell which argument shapes a call keys on.
"""

from __future__ import annotations

from typing import Iterable

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.names import literal_int


def unrolled_dimensions(
    params: set[str], body: Iterable[cst.CSTNode], calls: tuple[str, ...], analysis: ModuleAnalysis,
) -> dict[str, frozenset[int]]:
    """Of `params`, those with the dimensions the function's `body` (its nodes, nested scopes
    excepted) bounds a Python loop by: handed
    (also through arithmetic) to one of `calls` as `p.shape[i]`, `p.size(i)` or `len(p)`
    (dimension 0), or iterated over by a `for` (dimension 0). Negative dimensions count from
    the last, as written."""
    found: dict[str, set[int]] = {}
    for node in body:
        if isinstance(node, cst.Call) and analysis.resolve(node.func) in calls:
            for arg in node.args:
                for name, dimension in _dimensions(arg.value, analysis):
                    if name in params:
                        found.setdefault(name, set()).add(dimension)
        elif isinstance(node, cst.For) and isinstance(node.iter, cst.Name) and node.iter.value in params:
            found.setdefault(node.iter.value, set()).add(0)
    return {name: frozenset(dimensions) for name, dimensions in found.items()}


def _dimensions(expr: cst.BaseExpression, analysis: ModuleAnalysis) -> list[tuple[str, int]]:
    """The (name, dimension) pairs a size expression reads, also through arithmetic:
    `x.shape[1]`, `x.size(-1)`, `len(x)`."""
    if isinstance(expr, cst.BinaryOperation):
        return _dimensions(expr.left, analysis) + _dimensions(expr.right, analysis)
    if isinstance(expr, cst.UnaryOperation):
        return _dimensions(expr.expression, analysis)
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
        holder, index = expr.value, literal_int(expr.slice[0].slice.value)
        if isinstance(holder, cst.Attribute) and holder.attr.value == "shape" and isinstance(holder.value, cst.Name) and index is not None:
            return [(holder.value.value, index)]
    if isinstance(expr, cst.Call) and len(expr.args) == 1:
        func, only = expr.func, expr.args[0].value
        if isinstance(func, cst.Attribute) and func.attr.value == "size" and isinstance(func.value, cst.Name):
            index = literal_int(only)
            return [(func.value.value, index)] if index is not None else []
        if analysis.resolve(func) == "len" and isinstance(only, cst.Name):
            return [(only.value, 0)]
    return []

