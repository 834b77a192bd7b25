"""Grids of bounded loops: nested loops each over a few values that, together, give a compiled call's
key more values than a bounded set holds.

A bounded loop (`for c in [0.001, 0.005]`, `range(3)`) bounds what its target takes: a few traces,
no storm (`loop_walk`). Nested, such loops are a grid: the key components a call reads from their
targets take as many values together as the product of their passes (three ambient temperatures by
two coefficients are six pairs, six traces of a `tf.function` keyed by Python value: dev report
tensorboard_5009). Where that product over the loops a call's by-value arguments read is above the
bound a single loop may have, the grid is a storm as a `range` of that many passes is. The loops
are those around the call and, where an argument reads a parameter of the function the call sits
in, those around each host call of that function reading what it passes, and so on up the chain
of callers (a loop body moved into a helper keeps its grid).
"""

from __future__ import annotations

from math import prod

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.loop_model import JittedCall, KeyChange, Loop
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.loop_walk import _MAX_BOUNDED_PASSES

# How many callers up a parameter is followed to the loops binding it: enough for a loop body moved
# into a helper that calls the function holding the call, few enough that a module whose functions
# call each other in many ways is not walked along every chain.
_MAX_CALLERS = 4


class LoopGrids:
    """`LoopFacts`' part: key components a grid of bounded loops gives more values than a
    bounded set holds."""

    def _grid_changes(self, call: JittedCall) -> list[KeyChange]:
        """Each argument of `call` keyed by value (a static argument, or any Python value where
        the framework keys them so) that reads a grid of loops whose passes, over all such
        arguments, multiply to more than `_MAX_BOUNDED_PASSES` values: one finding each."""
        keyed = self._by_value(call)
        if not keyed:
            return []
        for axes in self._grids(call.scope.fn, call.loops, keyed):
            values = prod(passes for _name, passes in axes.values())
            if values > _MAX_BOUNDED_PASSES:
                names = ", ".join(map(repr, sorted({name for name, _passes in axes.values()})))
                return [KeyChange(
                    "ACC502", call.call, f"argument '{self._code(value)}' ({values} values over {names})",
                    call.callee, "a grid of bounded loops", call.statement,
                ) for value in keyed if any(self._grids(call.scope.fn, call.loops, [value]))]
        return []

    def _by_value(self, call: JittedCall) -> list[cst.BaseExpression]:
        """The arguments of `call` its cache keys by value: static ones, and every Python value
        where the framework keys them so (not an array)."""
        jitted = call.jitted
        return [
            arg.value for arg, _index, static in call.placed_args()
            if static or jitted.values_keyed and not self._array_valued(arg.value, jitted.arrays, call)
        ]

    def _grids(
        self, fn: FunctionInfo | None, loops: tuple[Loop, ...], values: list[cst.BaseExpression], seen: frozenset[FunctionInfo] = frozenset(),
    ) -> list[dict[tuple[int, str], tuple[str, int]]]:
        """The grids `values` (evaluated in `fn`, inside `loops`) read: the axes among `loops`,
        with, for each chain of host calls that passes a parameter of `fn` they read, those the
        callers' loops give what the calls pass (`seen`: the functions on the chain). One grid
        per chain, or one of `loops` alone. Each: (id of a loop, a target) -> (the target, its passes)."""
        here = _axes_read(loops, values, self._changing)
        params = [p.name for p in fn.params] if fn is not None and fn not in seen and len(seen) < _MAX_CALLERS else []
        read = [name for name in params if any(self._changing(value, frozenset({name})) for value in values)]
        grids = []
        for site, skipped, scope, around in self._calls_into.get(fn, ()) if read else ():  # type: ignore[call-overload]
            given = passed(site, fn, bound=skipped > 0)  # type: ignore[arg-type]
            handed = [given[name] for name in read if name in given]
            grids += [{**here, **outer} for outer in self._grids(scope.fn, around, handed, seen | {fn})] if handed else []
        return grids or [here]


def _axes_read(loops: tuple[Loop, ...], values: list[cst.BaseExpression], changing) -> dict[tuple[int, str], tuple[str, int]]:
    """The grid's axes among `loops` (`Loop.axes`) whose target one of `values` computes with:
    (id of the loop, the target) -> (the target, its passes)."""
    return {
        (id(loop), axis[0]): axis for loop in loops for axis in loop.axes
        if any(changing(value, frozenset({axis[0]})) for value in values)
    }
