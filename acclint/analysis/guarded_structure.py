"""Which argument of a compiled call has a container structure that is new on every pass.

torch.compile's guards read a dict argument's keys (Dynamo's DICT_KEYS_MATCH) and a list's or
tuple's length (SEQUENCE_LENGTH) by value, and neither goes dynamic the way a number or a tensor's
shape does (CacheKey.structures_keyed): a structure new on every call compiles on every call until
the recompile limit. A structure is new on a pass where the argument spells a new key or a new
count: a dict display with a key the pass changes (`{f"k{i}": v}`), a comprehension over a range
of a new size (`{str(k): v for k in range(i)}`, `[x for _ in range(i)]`), a list or tuple repeated a
new number of times (`[x] * (i + 1)`), and `list(...)`/`tuple(...)` of such a sequence. The loop
analysis says what is new on a pass (`resized`: its reading of a value whose size is new); this
module says which of those sizes is a structure, so that a tensor of a new shape (dynamic) is not
taken for one.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

_DICTS = (cst.Dict, cst.DictComp)
_SEQUENCES = (cst.ListComp, cst.GeneratorExp, cst.SetComp)
_SEQUENCE_BUILDERS = ("list", "tuple")


def new_structure(
    expr: cst.BaseExpression, resized: Callable[[cst.BaseExpression], cst.BaseExpression | None],
    bound: Callable[[str], list[cst.BaseExpression]] = lambda name: [],
) -> str | None:
    """What of `expr`'s structure is new on every pass ("keys" of a dict, "length" of a list or
    tuple), or None; `resized` answers whether a value's size is new on this pass, `bound` what
    the function binds a name to (`weights = {f"k{i}": v}` before the call: every binding a
    structure new on the pass, the name's is too)."""
    if isinstance(expr, cst.Name):
        values = bound(expr.value) if resized(expr) is not None else []
        found = {new_structure(v, resized) for v in values}
        return found.pop() if len(found) == 1 and None not in found else None
    if isinstance(expr, _DICTS):
        return "keys" if resized(expr) is not None else None
    if isinstance(expr, _SEQUENCES):
        return "length" if resized(expr) is not None else None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Multiply):
        repeated = isinstance(expr.left, (cst.List, cst.Tuple)) or isinstance(expr.right, (cst.List, cst.Tuple))
        return "length" if repeated and resized(expr) is not None else None
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in _SEQUENCE_BUILDERS:
        given = [a.value for a in expr.args if a.keyword is None and not a.star]
        if len(given) == 1 and len(expr.args) == 1:
            return "length" if new_structure(given[0], resized) or resized(given[0]) is not None else None
    return None
