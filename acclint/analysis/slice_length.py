"""The length of a slice, its upper end less its lower, as a sum of products of what its ends
compute with.

Why: a slice whose ends both move can keep one length (`x[s:s + B]`, a window of a fixed width
sliding along) or take a new one (`x[w:2 * w]`; `x[i * n:(i + 1) * n]` for a new `n`). Expanding
each end into a sum of products of its terms and subtracting tells which: the length is new
where a term left in the difference is. A term is a name, or any other expression (a call, an
attribute, a division) taken whole; integers are the coefficients.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

# A sum of products: each product of terms (their codes, sorted) -> its integer coefficient.
Polynomial = dict[tuple[str, ...], int]
# Above this many products an end is taken whole rather than expanded further.
_MOST_PRODUCTS = 16


def slice_length(element: cst.Slice, code: Callable[[cst.CSTNode], str]) -> tuple[Polynomial, dict[str, cst.BaseExpression]] | None:
    """`upper - lower` of a slice with both ends written and no step, expanded, with the
    expression each term's code stands for; None for any other slice."""
    if element.lower is None or element.upper is None or element.step is not None:
        return None
    terms: dict[str, cst.BaseExpression] = {}
    upper, lower = _expanded(element.upper, code, terms), _expanded(element.lower, code, terms)
    return _sum(upper, _scaled(lower, -1)), terms


def _expanded(expr: cst.BaseExpression, code: Callable[[cst.CSTNode], str], terms: dict[str, cst.BaseExpression]) -> Polynomial:
    """`expr` as a sum of products: sums, differences, negations and products of integers and
    terms expanded; anything else (a name, a call, a division) a term of its own, recorded in
    `terms` by its code."""
    if isinstance(expr, cst.Integer):
        return {(): int(expr.evaluated_value)}
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return _scaled(_expanded(expr.expression, code, terms), -1)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Subtract, cst.Multiply)):
        left, right = _expanded(expr.left, code, terms), _expanded(expr.right, code, terms)
        if isinstance(expr.operator, cst.Add):
            return _sum(left, right)
        if isinstance(expr.operator, cst.Subtract):
            return _sum(left, _scaled(right, -1))
        if len(left) * len(right) <= _MOST_PRODUCTS:
            return _product(left, right)
    text = code(expr)
    terms[text] = expr
    return {(text,): 1}


def _sum(first: Polynomial, second: Polynomial) -> Polynomial:
    total = dict(first)
    for product, coefficient in second.items():
        total[product] = total.get(product, 0) + coefficient
    return {product: coefficient for product, coefficient in total.items() if coefficient}


def _scaled(polynomial: Polynomial, factor: int) -> Polynomial:
    return {product: coefficient * factor for product, coefficient in polynomial.items()}


def _product(first: Polynomial, second: Polynomial) -> Polynomial:
    total: Polynomial = {}
    for a, x in first.items():
        for b, y in second.items():
            product = tuple(sorted(a + b))
            total[product] = total.get(product, 0) + x * y
    return {product: coefficient for product, coefficient in total.items() if coefficient}
