"""Operations run eagerly whose result's size their operand's values decide: a compile per new count.

Outside any trace a framework may run each operation as a primitive compiled and cached by its
operands' shapes (`[cache_key] eager_ops`: JAX's `jax.numpy.`, `jax.random.`, ...). An operation
whose result's size its operand's values decide (`NewShapes._data_sized`: a `data_sized` call of
those namespaces not given `size=`, `jnp.nonzero(row)`, `jnp.where(cond)` with the condition
alone; a boolean mask indexing an array they make, `x[x > 0]`) reads the count on the host and
runs its inner operations at that size: on each pass of an unbounded loop over data that differs
on each pass it compiles them again, with no jit in the module (dev reports jaxmapp_3, navix_129).
The data must be new on each pass: drawn, carried or picked by the pass (`adjacency[i]`), or
cut by a threshold the pass moves (`jnp.arange(n) <= step`); a pass that changes only a value
tested for equality against fixed data (`species == i`) selects how often that value occurs,
which nothing says differs from pass to pass (`_fixed_match`).

Only in host code for sure, as for lax's primitives called from the host: a loop at module
level or in a function module-level code calls (`_host_functions`), and such a function a loop
runs on each pass (`_helper_passes`); in code a trace reaches, the operation raises instead
(ACC305).

A mask is a comparison written in place (`_a_mask`), a name every binding of which in its scope
is one, or a parameter every host call gives one; an array of those namespaces is what one of
their calls makes, arithmetic or a comparison on one, an item of one, a name every binding of
which is one, or a parameter every host call gives one. A parameter is read one call up.
"""

from __future__ import annotations

from functools import cached_property
from typing import Callable

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.loop_model import KeyChange, Pass
from acclint.analysis.loop_helpers import _assignments, _binds, _nodes, _read_names
from acclint.analysis.loop_instances import _top_statement
from acclint.analysis.loop_shapes import _a_mask

Kind = Callable[[cst.BaseExpression, "FunctionInfo | None", int], bool]


class EagerSizes:
    """`LoopFacts`' part: operations run eagerly on each pass whose result's size the data decides."""

    @cached_property
    def _eager_ops(self) -> tuple[str, ...]:
        """The namespaces whose operations compile per shape when run eagerly, of every framework."""
        return self.analysis.markers.cache_key_prefixes("eager_ops")

    def _eager_ops_imported(self) -> bool:
        """Whether the module's imports reach one of those namespaces (`import jax`, `import
        jax.numpy as jnp`) and a host loop may run (`_host_loop_possible`): the walk is needed
        for them even where no wrapper is applied."""
        imports = self.analysis.index.imports
        reached = {imports.resolve_dotted(name) for name in imports.bound_names()} - {None}
        ops = self._eager_ops
        return any(p.startswith(r + ".") or (r + ".").startswith(ops) for r in reached for p in ops) and self._host_loop_possible()

    def _eager_size_changes(self) -> list[KeyChange]:
        """Each eager operation whose result's size data new on every pass of a host loop decides."""
        if not self._eager_ops:
            return []
        hosts = self._host_functions
        found: list[KeyChange] = []
        seen: set[int] = set()
        for loop in list(self._loop_nodes.values()):
            if not loop.bounded and (loop.fn is None or loop.fn in hosts):
                found += self._eager_sized_in(loop.body, loop.fn, self._pass_of((loop,), "this loop"), seen)
        helpers = [fn for fn in hosts if any(self._eager_candidate(n) for n in _nodes(fn.node.body))]
        passes = self._helper_passes() if helpers else {}
        for fn in helpers:
            for each in passes.get(fn, []):
                found += self._eager_sized_in((fn.node.body,), fn, each, seen)
        return found

    def _eager_candidate(self, node: cst.CSTNode) -> bool:
        """A call of a data-sized function of those namespaces, or a single index: what
        `_eager_sized` may find (a cheap look before a function's passes are worked out)."""
        if type(node) is cst.Call:
            callee = self.analysis.resolve(node.func) or ""
            return callee.startswith(self._eager_ops) and (callee in self.tables.data_sized or callee in self.tables.one_argument_sized)
        return type(node) is cst.Subscript and len(node.slice) == 1 and type(node.slice[0].slice) is cst.Index

    def _eager_sized_in(self, roots: tuple[cst.CSTNode, ...], fn: FunctionInfo | None, each: Pass, seen: set[int]) -> list[KeyChange]:
        found = []
        for root in roots:
            for node in (root, *_nodes(root)):
                if id(node) in seen or not self._eager_candidate(node):
                    continue
                op = self._eager_sized(node, fn, each)
                if op is not None:
                    seen.add(id(node))
                    found.append(KeyChange(
                        "ACC503", node, f"the size of '{self._code(node)}' (its values decide it, and the operations it runs "
                        "eagerly compile for each size)", op, each.where, _top_statement(node, self.analysis.module),
                    ))
        return found

    def _eager_sized(self, node: cst.CSTNode, fn: FunctionInfo | None, each: Pass) -> cst.CSTNode | None:
        """The operation (for messages) where `node` is an eager operation whose result's size
        data new on `each` pass decides, else None."""
        moving = each.varies | each.changing | each.resized
        if type(node) is cst.Call:
            if not self._data_sized(node, Pass(frozenset(), frozenset(), frozenset(), frozenset(), "", varies=moving)):
                return None
            operand = next(a.value for a in node.args if a.keyword is None and not a.star)
            return None if self._fixed_match(operand, fn, each, 0) else node.func
        index = node.slice[0].slice.value  # type: ignore[attr-defined]
        if type(node.value) is cst.Call or not _read_names(node) & moving:
            return None  # `f(x)[0]`: an item of a call's result, `_data_sized`'s
        if self._fixed_match(index, fn, each, 0):
            return None
        return node if self._eager_mask(index, fn, 0) and self._eager_array(node.value, fn, 0) else None

    def _fixed_match(self, expr: cst.BaseExpression, fn: FunctionInfo | None, each: Pass, depth: int) -> bool:
        """Whether `expr` tests data the pass does not change for equality with a value it
        does (`species == i` for `i` in `range(k)`, `~(labels == k)`, a name every binding of
        which in `fn` is one): the count is how often that value occurs in fixed data, which
        nothing says differs from pass to pass (jax-md's `jnp.argwhere(species_list == id)`
        over ids each repeated once per body). An ordering test against the value (`arange(n)
        <= step`) is a cut moving through the data, and data the pass draws, carries or picks
        (`row == 0`) is new: both change the count. A parameter is not followed (what a call
        gives it is the caller's)."""
        kind = type(expr)
        if kind is cst.UnaryOperation and type(expr.operator) is cst.BitInvert:  # type: ignore[attr-defined]
            return self._fixed_match(expr.expression, fn, each, depth)  # type: ignore[attr-defined]
        if kind is cst.Comparison:
            return _matches_fixed_data(expr, each)  # type: ignore[arg-type]
        if kind is not cst.Name or depth > 1 or fn is not None and any(p.name == expr.value for p in fn.params):  # type: ignore[attr-defined]
            return False
        values = self._scope_values(fn, expr.value)  # type: ignore[attr-defined]
        return bool(values) and all(self._fixed_match(v, fn, each, depth + 1) for v in values)

    def _eager_mask(self, expr: cst.BaseExpression, fn: FunctionInfo | None, depth: int) -> bool:
        return _a_mask(expr) or self._every_binding(expr, fn, depth, self._eager_mask)

    def _eager_array(self, expr: cst.BaseExpression, fn: FunctionInfo | None, depth: int) -> bool:
        kind = type(expr)
        if kind is cst.Call:
            return (self.analysis.resolve(expr.func) or "").startswith(self._eager_ops)
        if kind is cst.BinaryOperation:
            return self._eager_array(expr.left, fn, depth) or self._eager_array(expr.right, fn, depth)
        if kind is cst.Comparison:
            return self._eager_array(expr.left, fn, depth) or any(self._eager_array(c.comparator, fn, depth) for c in expr.comparisons)
        if kind in (cst.UnaryOperation, cst.Subscript):
            return self._eager_array(expr.expression if kind is cst.UnaryOperation else expr.value, fn, depth)
        return self._every_binding(expr, fn, depth, self._eager_array)

    def _every_binding(self, expr: cst.BaseExpression, fn: FunctionInfo | None, depth: int, kind: Kind) -> bool:
        """Whether `expr` is a name every binding of which in `fn` (None: the module) is of
        `kind`; for a parameter, also what every host call of `fn` gives it (one call up)."""
        if type(expr) is not cst.Name or depth > 1:
            return False
        name = expr.value
        values: list[tuple[cst.BaseExpression, FunctionInfo | None]] = [(v, fn) for v in self._scope_values(fn, name)]
        if fn is not None and any(p.name == name for p in fn.params):
            given = [
                (value, scope.fn) for call, skipped, scope, _loops in self._calls_into.get(fn, ())
                for param, value in passed(call, fn, bound=skipped > 0).items() if param == name
            ]
            if not given:
                return False
            values += given
        return bool(values) and all(kind(value, scope, depth + 1) for value, scope in values)

    def _scope_values(self, fn: FunctionInfo | None, name: str) -> list[cst.BaseExpression]:
        """What `fn`'s body (None: the module's code outside functions) assigns to `name`."""
        assigns = _assignments(fn) if fn is not None else self._module_assignments
        return [node.value for node in assigns if _binds(node, name)]

    @cached_property
    def _module_assignments(self) -> list[cst.Assign]:
        return [n for n in _nodes(self.analysis.module, statements=True) if type(n) is cst.Assign]


def _matches_fixed_data(test: cst.Comparison, each: Pass) -> bool:
    """An equality test (`==`, `!=`) of two sides, one reading nothing new on `each` pass, the
    other a value the pass changes (`each.changing`: a counter, an id; `i + 1`), not data."""
    if len(test.comparisons) != 1 or type(test.comparisons[0].operator) not in (cst.Equal, cst.NotEqual):
        return False
    moving = each.varies | each.changing | each.resized
    fixed, value = sorted((test.left, test.comparisons[0].comparator), key=lambda side: bool(_read_names(side) & moving))
    return not _read_names(fixed) & moving and _a_changed_value(value, each.changing)


def _a_changed_value(expr: cst.BaseExpression, changing: frozenset[str]) -> bool:
    """A name the pass binds to a new value, or arithmetic of such names and numbers (`i + 1`)."""
    if type(expr) is cst.Name:
        return expr.value in changing
    if type(expr) is cst.BinaryOperation:
        sides = (expr.left, expr.right)
        return any(_a_changed_value(s, changing) for s in sides) and all(type(s) in (cst.Integer, cst.Float) or _a_changed_value(s, changing) for s in sides)
    if type(expr) is cst.UnaryOperation:
        return _a_changed_value(expr.expression, changing)
    return False
