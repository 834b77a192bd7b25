"""Which arrays and sequences have a shape or a length that is new on every pass.

A shape is new where a size is computed from a new value: a new value in a shape-like position
of any call (a `shape=`/`size=`/`num=`/`repeats=`... keyword; a tuple or list of integers given
an array function or a method, `random.normal(key, (500, i))`; any argument of a shaping method,
`x.reshape(-1, i)`, `x.repeat(i)`; a `shape_makers` position, `jnp.arange(i)`,
`np.linspace(0, 1, i)`), a slice with one end moving and the other fixed (`x[:t]`), a Python
sequence of a new length (`[f(j) for j in range(i)]`, `list(range(i))`, `[x] * (i + 1)`,
`dict(zip(...))` of such), a comprehension whose element has a new size (`[r + [0] * (longest -
len(r)) for r in rows]`: each row padded to a width computed from a new value), a dict display
with a key new on every pass: a pytree's structure is in its key as a shape is (run:
framework_runs.py jax_pytree_structure_per_pass), a list an inner loop of a new number of passes
grows (`for _ in range(i): parts.append(x)`), a call of
a module function some return of which is sized by a parameter given a new value (`def
batch(i): return jnp.ones((i + 1, 2))`). A size the data decides is new on each pass of a loop
over data (`Loop.varies`: the variable of a `for` over data, a name carried from pass to pass,
a host draw, what is computed from those): a `data_sized` call (`np.nonzero(d < cutoff)`,
`np.unique`), a boolean mask written as an index (`x[x > t]`), an extreme or a total of such
data given as a size (`np.zeros((4, int(lengths.max())))`: each batch padded to its own
longest), a dict grown with a key read from such data (`counts[token] = 1`); a value the loop
carries and rebinds once to itself joined with more (`tokens = jnp.concatenate([tokens,
nxt])`, `hist = hist + [x]`). The shape is carried by
a name bound to such an array, its attributes and slices (`part.T`), arithmetic, an array
library's call or a method given one (`jnp.concatenate([x, x[:i]])`), a tuple holding one,
a module function's return computed from a new value (`batch(i)`; a returned tuple entry by
entry where the caller unpacks it: `positions, senders, receivers = graph(n)`, mace_1590),
but not by a reduction (`jnp.sum`, `.mean()`) nor by a call of anything else: its result's
type is unknown.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.slice_length import Polynomial, slice_length
from acclint.analysis.walk import walk_all
from acclint.analysis.loop_model import Loop, Pass
from acclint.analysis.loop_helpers import _FIXED_ATTRIBUTES, _names, _nodes, _read_names, _returned_values


# Keywords that give a call's result its shape or length (`shape=(i, 3)`, `num=i`), whatever
# the callee.
_SHAPE_KEYWORDS = frozenset({"shape", "size", "num", "new_shape", "newshape", "repeats", "reps", "pad_width", "sizes"})
# Methods every positional argument of which is a size (`x.reshape(-1, i)`, `x.repeat(i)`).
_SHAPE_METHODS = frozenset({"reshape", "view", "repeat", "tile", "expand", "resize", "broadcast_to", "new_zeros", "new_ones", "new_empty"})
# Array operations whose result is a scalar (or a fixed shape) whatever their operand's shape.
_REDUCTIONS = frozenset({
    "sum", "mean", "max", "min", "prod", "std", "var", "norm", "argmax", "argmin", "any", "all", "item", "median",
    "count_nonzero", "dot", "vdot", "inner", "logsumexp", "reduce_sum", "reduce_mean", "reduce_max", "reduce_min",
    "nansum", "nanmean", "tolist", "numel", "len", "float", "int",
})
# Reductions to the data's extreme or total: given data that differs on each pass, a number it
# decides (`_extreme_of_data`), and the calls that make such a number a Python one.
_EXTREMES = frozenset({"max", "min", "sum", "amax", "amin", "count_nonzero"})
_TO_NUMBER = frozenset({"int", "round", "math.ceil", "math.floor"})
# Namespaces whose functions are array operations: given a resized operand, a resized result.
_ARRAY_LIBRARIES = ("numpy.", "jax.numpy.", "jax.random.", "jax.nn.", "jax.lax.", "tensorflow.", "torch.")


class NewShapes:
    """`LoopFacts`' part: which arrays and sequences have a shape or a length that is new on every
    pass."""

    def _generated_shapes(self) -> None:
        """A loop over what a generator of the module yields takes an array of a new shape on
        every pass where the generator yields, on every pass of a loop of its own, an array
        whose shape is new on that pass (`yield np.ones((4, length))`, `length` drawn anew):
        the loop's target is resized (blind jax_growing_shape_2: ragged batches, 12 traces in
        12 passes). So is a loop over a parameter every caller hands such a generator
        (`_handed_generators`)."""
        for loop, target, generator in [*self._generator_loops, *self._handed_generators()]:
            if any(self._resized(value, self._pass_of(around, "")) is not None for value, around in self._yielded(generator)):
                loop.resized.add(target)

    def _handed_generators(self) -> list[tuple[Loop, str, FunctionInfo]]:
        """Loops over a parameter (`for b in batches`) that every call of their function from
        host code hands a call of one module generator (`embed_corpus(encoder,
        trimmed_batches(12))`): a loop over that generator's items, as `_generator_loops` are."""
        found = []
        for loop, target, fn, parameter in self._parameter_loops:
            generators = set()
            for call, skipped, _scope, _loops in self._calls_into.get(fn, ()):
                given = passed(call, fn, bound=skipped > 0).get(parameter)
                generators.add(self._generator_called(given) if given is not None else None)
            if len(generators) == 1 and None not in generators:
                found.append((loop, target, generators.pop()))
        return found

    def _items_resized(self, iterable: cst.BaseExpression | None, each: Pass) -> bool:
        """Whether a loop over `iterable` takes an array of a new shape on every pass `each`: a
        call of a module generator that gives a new value to a parameter some yield of which is
        sized by (`windows(SERIES, length)` with `length` new, `yield series[i * length:(i + 1) *
        length]`: benchmarks/blind2 jax_seq_len_pipeline_2), as `_sized` reads a function's
        returns. Its items have one shape within the loop, a new one on each pass around it."""
        generator = self._generator_called(iterable) if each.changing else None
        if generator is None:
            return False
        sizing = self._yield_sizing(generator)
        return any(p in sizing and self._changing(v, each.changing) for p, v in passed(iterable, generator).items())  # type: ignore[arg-type]

    def _yield_sizing(self, generator: FunctionInfo) -> frozenset[str]:
        """The parameters of a module generator some yield of which is an array whose shape is
        computed from them (`_returned_from`'s second half, for yields); made once."""
        if generator not in self._yields:
            self._yields[generator] = frozenset()  # recursion says nothing
            yielded = [n.value for n in _nodes(generator.node.body) if isinstance(n, cst.Yield) and isinstance(n.value, cst.BaseExpression)]
            self._yields[generator] = frozenset(
                p.name for p in generator.params
                if any(self._resized(value, self._derived(generator, Pass(frozenset({p.name}), frozenset(), frozenset(), frozenset(), ""))) is not None for value in yielded)
            )
        return self._yields[generator]

    def _yielded(self, generator: FunctionInfo) -> list[tuple[cst.BaseExpression, tuple[Loop, ...]]]:
        """Each value the function's body yields in a loop of its own, with the loops around it."""
        nodes = list(_nodes(generator.node.body))
        loops = [n for n in nodes if isinstance(n, (cst.For, cst.While)) and id(n) in self._loop_nodes]
        found = []
        for node in nodes:
            if isinstance(node, cst.Yield) and isinstance(node.value, cst.BaseExpression):
                around = tuple(self._loop_nodes[id(loop)] for loop in loops if any(n is node for n in _nodes(loop.body)))
                if around:
                    found.append((node.value, around))
        return found

    def _new_dimensions(self, expr: cst.BaseExpression, each: Pass) -> set[int]:
        """The dimensions of `expr` known new on every pass, each also as counted from the last
        where the rank is known: a size new in a position of an array maker (`torch.randn(2, n,
        4)`, `torch.zeros((n, 3))`), a slice moving in one position (`x[:, :t]`)."""
        if isinstance(expr, cst.Subscript):
            if not self._resizing_slice(expr, each):
                return set()
            return {i for i, element in enumerate(expr.slice) if isinstance(element.slice, cst.Slice) and any(
                end is not None and self._changing(end, each.changing) for end in (element.slice.lower, element.slice.upper)
            )}
        shape = self.tables.shape_makers.get(self.analysis.resolve(expr.func) or "") if isinstance(expr, cst.Call) else None
        if shape is None:
            return set()
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]  # type: ignore[union-attr]
        sizes = positional if -1 in shape[0] else [a for i, a in enumerate(positional) if i in shape[0]]
        if len(sizes) == 1 and isinstance(sizes[0], (cst.Tuple, cst.List)):
            sizes = [e.value for e in sizes[0].elements if isinstance(e, cst.Element)]
        new = {i for i, size in enumerate(sizes) if self._changing(size, each.changing)}
        return new | {i - len(sizes) for i in new}

    # -- shapes --------------------------------------------------------------------------
    def _resized(self, expr: cst.BaseExpression, each: Pass) -> cst.BaseExpression | None:
        """The part of `expr` whose shape changes on every pass, or None. A size is computed
        from a new value where one is given in a shape-like position of any call (`_sized`),
        where a slice has one end moving (`x[:i]`), where a Python sequence has a new length
        (`[f(j) for j in range(i)]`, `list(range(i))`), or where a comprehension's element has a
        new size (`[[t] * (i + 1) for t in tokens]`); the shape is carried by a name bound to
        such an array, an attribute or a slice of one (`part.T`), arithmetic on one, and a call
        of an array library or a method given one (`jnp.concatenate([x, x[:i]])`), except a
        reduction (`jnp.sum`, `.mean()`: a scalar). A call of anything else given one returns a
        value of unknown type: it says nothing."""
        if not (each.changing or each.resized or each.varies):
            return None  # no new size to compute with, nor a resized array to carry
        if self._data_sized(expr, each):
            return expr
        kind = type(expr)
        if kind is cst.Name:
            return expr if expr.value in each.resized else None
        if kind is cst.Call:
            return self._sized(expr, each)
        if kind is cst.Subscript:
            if isinstance(expr.value, cst.Attribute) and expr.value.attr.value == "at":
                return None  # `x.at[:, k:]`: jax's indexed update, whose `.set(...)` is all of `x`
            if self._resizing_slice(expr, each):
                return expr
            sliced = any(isinstance(e.slice, cst.Slice) for e in expr.slice)
            return self._resized(expr.value, each) if sliced else None
        if kind is cst.Attribute:
            return None if expr.attr.value in _FIXED_ATTRIBUTES else self._resized(expr.value, each)
        if kind is cst.BinaryOperation:
            if self._padded_sequence(expr, each):
                return None
            if self._repeated(expr, each):
                return expr
            return self._resized(expr.left, each) or self._resized(expr.right, each)
        if kind is cst.UnaryOperation:
            return self._resized(expr.expression, each)
        if kind in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp) and expr.for_in.inner_for_in is None and not expr.for_in.ifs:
            element = expr.value if kind is cst.DictComp else expr.elt
            if self._resized(expr.for_in.iter, each) is not None:
                return expr
            return expr if self._resized(element, _shadowed_by(each, _names(expr.for_in.target))) is not None else None
        if kind is cst.Dict:  # a key new on every pass: a pytree of a new structure
            keys = (e.key for e in expr.elements if isinstance(e, cst.DictElement))
            return expr if any(self._changing(key, each.changing) for key in keys) else None
        if kind is cst.Tuple:  # `return positions, senders`: a pytree with a leaf of a new shape
            return next((r for e in expr.elements if isinstance(e, cst.Element) and (r := self._resized(e.value, each)) is not None), None)
        return None

    def _unpacked_resized(self, node: cst.Assign, each: Pass) -> set[str]:
        """The names a tuple target binds to the returned tuple's entries that are arrays of a
        new shape, where a call of a module function is given a new value (`positions, senders,
        receivers = graph(n_nodes, rng)`, mace_1590: each entry's shape is computed from
        `n_nodes`), entry by entry, as `_returned_from` reads a whole return."""
        target, value = node.targets[0].target if len(node.targets) == 1 else None, node.value
        if not isinstance(target, cst.Tuple) or not isinstance(value, cst.Call) or not each.changing:
            return set()
        fn = self._module_function(value.func)
        if fn is None:
            return set()
        given = frozenset(p for p, v in passed(value, fn).items() if self._changing(v, each.changing))
        inner = self._derived(fn, Pass(given, frozenset(), frozenset(), frozenset(), "")) if given else None
        found: set[str] = set()
        for returned in _returned_values(fn) if inner is not None else ():
            if isinstance(returned, cst.Tuple) and len(returned.elements) == len(target.elements):
                found |= {
                    t.value.value for t, r in zip(target.elements, returned.elements)
                    if isinstance(t.value, cst.Name) and self._resized(r.value, inner) is not None
                }
        return found

    def _data_sized(self, expr: cst.BaseExpression, each: Pass) -> bool:
        """An array whose length its values decide, computed from data that differs on each
        pass (`each.varies`, `each.changing`): a `data_sized` call not given `size=`
        (`np.nonzero(d < cutoff)`, `np.unique(tokens)`, `np.where(mask)` with the condition
        alone) or an item of its result (`np.nonzero(m)[0]`), and an array indexed by a boolean
        mask written in place (`x[x[:, 0] > t]`). Run (jax 0.10.2): 8 frames of 20 random
        points, 7 traces for the neighbour list `np.nonzero(d < 2.0)`, 4 for a masked array and
        for `np.unique`; a three-argument `np.where` keeps its shape: 1."""
        moving = each.varies | each.changing
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
            index = expr.slice[0].slice.value
            if isinstance(expr.value, cst.Call):
                return self._data_sized(expr.value, each)
            return _a_mask(index) and bool(_read_names(index) & moving)
        if not isinstance(expr, cst.Call) or any(a.keyword is not None and a.keyword.value == "size" for a in expr.args):
            return False
        callee = self.analysis.resolve(expr.func) or ""
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]
        sized = callee in self.tables.data_sized or callee in self.tables.one_argument_sized and len(positional) == 1
        return sized and bool(positional) and bool(_read_names(positional[0]) & moving)

    def _padded_to_target(self, expr: cst.Call, callee: str, each: Pass) -> bool:
        """A pad of a resized array by a width that subtracts a new value (or the array's size)
        from a fixed one (`F.pad(x, (0, 16 - n))`, `np.pad(x, (0, MAX - len(x)))`): padding to a target,
        the fix ACC503 advises, whose result's shape is the target's (benchmarks/torch_docs d4,
        `dynamic=False`: one compile for ten sizes)."""
        if callee.rsplit(".", 1)[-1] != "pad" or not expr.args or self._resized(expr.args[0].value, each) is None:
            return False
        moving = each.changing | each.resized
        return any(
            isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Subtract)
            and _read_names(node.right) & moving and not _read_names(node.left) & moving
            for arg in expr.args[1:] for node in walk_all(arg.value)
        )

    def _padded_sequence(self, expr: cst.BinaryOperation, each: Pass) -> bool:
        """A sequence joined with a display repeated a fixed length less a new one (`xs + [0] *
        (N - len(xs))`): padding to a target, whose length is the target's, as `_padded_to_target`
        is for arrays."""
        if not isinstance(expr.operator, cst.Add):
            return False
        moving = each.changing | each.resized
        for part in (expr.left, expr.right):
            count = part.right if isinstance(part, cst.BinaryOperation) and isinstance(part.operator, cst.Multiply) else None
            if (
                isinstance(count, cst.BinaryOperation) and isinstance(count.operator, cst.Subtract)
                and isinstance(part.left, (cst.List, cst.Tuple))  # type: ignore[union-attr]
                and _read_names(count.right) & moving and not _read_names(count.left) & moving
            ):
                return True
        return False

    def _repeated(self, expr: cst.BinaryOperation, each: Pass) -> bool:
        """A list or tuple display repeated a new number of times (`[x] * (i + 1)`): a sequence,
        and so a pytree, of a new length."""
        if not isinstance(expr.operator, cst.Multiply):
            return False
        for sequence, count in ((expr.left, expr.right), (expr.right, expr.left)):
            if isinstance(sequence, (cst.List, cst.Tuple)) and self._changing(count, each.changing):
                return True
        return False

    def _sized(self, expr: cst.Call, each: Pass) -> cst.BaseExpression | None:
        """The resized part of a call's result (`_resized`): an array constructor keeps its
        argument's shape; a size is new in a `shape_makers` position, a shape-like keyword
        (`shape=`, `num=`, ...), a tuple or list of integers given an array function or a method
        (`random.normal(key, (500, i))`), any position of a
        shaping method (`x.reshape(-1, i)`, `x.repeat(i)`); an array operation keeps a resized
        operand's shape."""
        callee = self.analysis.resolve(expr.func) or ""
        if callee in self.tables.array_constructors and expr.args:
            return self._resized(expr.args[0].value, each)
        fn = self._module_function(expr.func)
        if fn is not None and (each.changing or each.resized):  # `batch(i)`: what its returns' shapes are computed from (`_returned_from`)
            # given a new value, or a sequence of a new length or of items of new lengths
            # (`pad_batch(rows)`), which is a new value too
            resizing = self._returned_from(fn)[1]
            if resizing and any(
                p in resizing and (self._changing(v, each.changing) or self._resized(v, each) is not None) for p, v in passed(expr, fn).items()
            ):
                return expr
        method = expr.func.attr.value if isinstance(expr.func, cst.Attribute) else None
        if self._padded_to_target(expr, callee or method or "", each):
            return None
        if (callee.rsplit(".", 1)[-1] if callee else method) in _REDUCTIONS:
            return None
        arrays = callee.startswith(_ARRAY_LIBRARIES)
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]
        sizes = [a.value for a in expr.args if a.keyword is not None and a.keyword.value in _SHAPE_KEYWORDS]
        if arrays or method is not None:
            sizes += [a for a in positional if isinstance(a, (cst.Tuple, cst.List)) and _integral(a)]
        if method in _SHAPE_METHODS and callee not in self.tables.shape_makers:
            sizes += positional
        shape = self.tables.shape_makers.get(callee)
        if shape is not None:
            positions, keywords = shape
            sizes += [a for i, a in enumerate(positional) if -1 in positions or i in positions]
            sizes += [a.value for a in expr.args if a.keyword is not None and a.keyword.value in keywords]
        if any(self._new_size(size, each) for size in sizes) or self._lengthened(expr, each):
            return expr
        operands = positional if arrays else []
        if method is not None and not arrays:
            operands = [expr.func.value]  # a method of a resized array: `x[:i].astype(...)`
        for operand in operands:
            items = [e.value for e in operand.elements] if isinstance(operand, (cst.Tuple, cst.List)) else [operand]
            found = next((r for r in (self._resized(item, each) for item in items) if r is not None), None)
            if found is not None:
                return found
        return None

    def _lengthened(self, expr: cst.Call, each: Pass) -> bool:
        """A Python sequence whose length is new on every pass (a pytree of a new structure, or
        an array of a new shape once converted): `range(i)`, `range(i, n)` with one end moving,
        `list(...)`/`tuple(...)`/`sorted(...)`/`dict(...)` of one, `zip(...)` of such only."""
        callee = self.analysis.resolve(expr.func)
        args = [a.value for a in expr.args if a.keyword is None and not a.star]
        if callee in ("list", "tuple", "sorted", "reversed", "dict", "enumerate"):
            return len(args) == 1 and self._resized(args[0], each) is not None
        if callee == "zip":  # as long as the shortest: new when every one is
            return bool(args) and all(self._resized(a, each) is not None for a in args)
        if callee != "range" or not 1 <= len(args) <= 2:
            return False
        moving = [a for a in args if self._changing(a, each.changing)]
        fixed = [a for a in args if not (_names(a) & (each.rebound | each.changing))]
        return len(moving) == 1 and len(fixed) == len(args) - 1

    def _new_size(self, expr: cst.BaseExpression, each: Pass) -> bool:
        """A size, or a tuple of sizes one of which, is new on every pass: computed from a new
        value (`_changing`) or an extreme of data that differs on each pass (`_extreme_of_data`)."""
        if isinstance(expr, (cst.Tuple, cst.List)):
            return any(self._new_size(e.value, each) for e in expr.elements if isinstance(e, cst.Element))
        return self._changing(expr, each.changing) or self._extreme_of_data(expr, each)

    def _extreme_of_data(self, expr: cst.BaseExpression, each: Pass) -> bool:
        """An extreme or a total of data that differs on each pass (`each.varies`), as it is or
        made a Python number (`int(lengths.max())` of lengths drawn on the pass, `max(len(s) for
        s in batch)`, `np.sum(mask)`, `.item()`): a number the pass's data decides, as
        `_data_sized`'s lengths are, and so, given as a size, a new size on most passes (padding
        each batch to its own longest: benchmarks/blind2 jax_seq_len_pipeline_1, 12 traces in 12
        batches). A bucket it picks from a literal table (`next(b for b in (16, 32, 64) if b >=
        longest)`) is one of a few: `_changing` reads the table, not the extreme."""
        while type(expr) is cst.Call and len(expr.args) == 1 and self.analysis.resolve(expr.func) in _TO_NUMBER:
            expr = expr.args[0].value
        if type(expr) is cst.Call and type(expr.func) is cst.Attribute and expr.func.attr.value == "item" and not expr.args:
            expr = expr.func.value
        if type(expr) is not cst.Call or not each.varies:
            return False
        method = type(expr.func) is cst.Attribute
        if (expr.func.attr.value if method else self.analysis.resolve(expr.func) or "") not in _EXTREMES:  # type: ignore[union-attr]
            return False
        # the data: what it is given (`max(...)`, `np.amax(x)`), or the receiver (`lengths.max()`)
        operands = [a.value for a in expr.args if a.keyword is None] + ([expr.func.value] if method else [])  # type: ignore[union-attr]
        return any(_read_names(operand) & each.varies for operand in operands)

    def _resizing_slice(self, expr: cst.Subscript, each: Pass) -> bool:
        """A slice with one end that changes on every pass and one that stays put (absent, or
        naming nothing the loops rebind): `x[:i]`, `x[i:]`, `x[:, :t + 1]`; or with both ends
        written whose difference keeps a term new on every pass (`x[w:2 * w]`, `x[i * n:(i +
        1) * n]` for a new `n`; not `x[s:s + 64]`, a fixed width: `slice_length`)."""
        for element in expr.slice:
            part = element.slice
            if isinstance(part, cst.Slice) and part.step is None:
                ends = [end for end in (part.lower, part.upper) if end is not None]
                moving = [end for end in ends if self._changing(end, each.changing)]
                # a draw (`x[:rng.integers(16, 200)]`) moves while naming nothing the loop binds
                fixed = [end for end in ends if end not in moving and not (_names(end) & (each.rebound | each.changing))]
                if len(moving) == 1 and len(fixed) == len(ends) - 1:
                    return True
                length = slice_length(part, self._code) if moving else None
                if length is not None and self._new_length(*length, each):
                    return True
        return False

    def _new_length(self, length: Polynomial, terms: dict[str, cst.BaseExpression], each: Pass) -> bool:
        """Whether a slice's length (`slice_length`) is new on every pass: some product in it
        computes with a new value, and all such products add (`w`, `2 * n + 1`); a difference of
        new values (`end - i`, `end = min(i + bs, n)`) may be constant and says nothing, as
        `_changing` has it."""
        signs = {coefficient > 0 for product, coefficient in length.items() if any(self._changing(terms[t], each.changing) for t in product)}
        return len(signs) == 1


def _a_mask(index: cst.BaseExpression) -> bool:
    """A boolean mask written in place as an index: a comparison (`x[:, 0] > t`), its negation
    (`~(x > t)`), or `&`/`|` of such."""
    if isinstance(index, cst.Comparison):
        return True
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.BitInvert):
        return _a_mask(index.expression)
    if isinstance(index, cst.BinaryOperation) and isinstance(index.operator, (cst.BitAnd, cst.BitOr)):
        return _a_mask(index.left) or _a_mask(index.right)
    return False


def _integral(display: cst.Tuple | cst.List) -> bool:
    """A tuple or list display that can be a shape: no float, string or nested display."""
    return bool(display.elements) and not any(
        isinstance(e.value, (cst.Float, cst.SimpleString, cst.FormattedString, cst.Tuple, cst.List, cst.Dict)) for e in display.elements
    )


def _shadowed_by(each: Pass, own: set[str]) -> Pass:
    """`each` inside a comprehension binding `own` for itself: what is new on the pass under
    those names is not what the element reads (`[jnp.zeros(i) for i in range(3)]` in a loop
    over `i`: the same three sizes on every pass)."""
    if not own & (each.changing | each.resized | each.varies | each.rebound):
        return each
    return replace(
        each, changing=each.changing - own, resized=each.resized - own, varies=each.varies - own, rebound=each.rebound - own,
    )
