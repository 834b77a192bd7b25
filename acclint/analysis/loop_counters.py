"""Which names a `for` (or a comprehension's `for`) binds to a new int on each pass: its counters.

Two readers ask it: the storm walk (`LoopWalk._loop`: a counter handed to a compiled callable
keyed by value is a new key on every pass) and the instances a comprehension makes
(`loop_instances._int_targets`: `Layer(i)` holds another int in each instance). They once
answered each on its own and disagreed (the walk counted `itertools.count`, the instances did
not; neither read `zip`), so one reader serves both.

A counter is the item of an iterable of successive ints (`range(...)`, `itertools.count(...)`),
also through what passes items on one for one (`reversed(range(n))`), enumerate's index, and
the items `enumerate` and `zip` pair up (`for i, (j, x) in enumerate(zip(range(n), xs))`: `i`
and `j`). Python builtins and the standard library, not a framework's facts: no data file.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

_COUNTING = frozenset({"range", "itertools.count"})  # iterables of successive ints
_PASSING = frozenset({"reversed"})  # iterables of another's items, one for one


def int_counters(
    target: cst.BaseExpression, iterable: cst.BaseExpression, resolve: Callable[[cst.BaseExpression], str | None],
) -> set[str]:
    """The names `for target in iterable` binds to a new int on each pass (see the module's
    docstring); `resolve` names a callee as the module's imports spell it."""
    if not isinstance(iterable, cst.Call):
        return set()
    callee = resolve(iterable.func)
    if callee in _COUNTING:  # `range(*bounds)` too
        return {target.value} if isinstance(target, cst.Name) else set()
    if any(a.star for a in iterable.args):
        return set()  # `zip(*columns)`: which item comes from which is not spelled out
    positional = [a.value for a in iterable.args if a.keyword is None]
    if callee in _PASSING and len(positional) == 1:
        return int_counters(target, positional[0], resolve)
    items = _unpacked(target)
    if callee == "enumerate" and items is not None and len(items) == 2 and positional:
        index, item = items
        return ({index.value} if isinstance(index, cst.Name) else set()) | int_counters(item, positional[0], resolve)
    if callee == "zip" and items is not None and len(items) == len(positional):
        return {name for item, source in zip(items, positional) for name in int_counters(item, source, resolve)}
    return set()


def _unpacked(target: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The items a tuple or list target unpacks into, else None (also for a starred item)."""
    if not isinstance(target, (cst.Tuple, cst.List)) or any(not isinstance(e, cst.Element) for e in target.elements):
        return None
    return [e.value for e in target.elements]
