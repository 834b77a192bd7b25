"""Which values are new on every pass of a loop: a propagation fact with a deny-list.

Newness is a propagation fact with a deny-list: *a key component computed from a value that is
new on every pass is itself new on every pass, unless the computation provably collapses it to a
bounded set.* So:
- New at the source: the variable of an unbounded `range`, `enumerate` (its index) or
  `itertools.count` loop; a name stepped by `+=`/`-=`/`*=` a literal in the body (`size -= 1`,
  also spelt `size = size - 1`, `lr = lr * 0.5`) and not otherwise reassigned there; a key the
  body rebinds from a split or fold of itself (`key, sub = jax.random.split(key)`, with what the
  same statement binds: a key chain, `_split_keys`); a parameter a call from such a loop passes a new value.
- Carried by any expression given a new input: a call of any function or method (`np.log1p(i)`,
  `sched.rate(i)`, `"lr{}".format(i)`, `hash(i)`: an int's hash is itself), an attribute or a
  method of a new value, an item of a new container, arithmetic, a tuple/list/dict/set display, a
  comprehension over a new iterable, an f-string, a conditional expression, a walrus; a name or
  attribute (`state.step`) the loop binds to one (also under an `if`); a container the pass
  fills with one (`dims.append(i + 1)`, `hp["lr"] = lr`); a module function's
  result where some `return` computes with a parameter given a new value (`def constant(s):
  return 0.5` makes none), and so a method's of a module class on an object known to be an
  instance of it (`curriculum.iters(e)` returning `self.cfg["iters"]` makes none;
  benchmarks/blind3 jax_static_rate_arg_fine_2); in a method called on an object the pass makes (`Model(i +
  1).run(x)`), an attribute its `__init__` binds from what the constructor is given new
  (`self.width`).
- Collapsed (bounded, not new): comparisons and `not` (`i > k`, `i == 0`), `bool`, `isinstance`
  and the other predicates, `type`; `len` of what is not resized; `% k` and `& k` with a literal
  `k` of at most `_FEW_VALUES`; a keyed draw of a few values (`few_valued_draws`:
  `jax.random.bernoulli`, `randint(key, shape, 0, 4)`); `min(i, k)`, `np.minimum`, `np.clip(i, 0, k)`/`clamp` with such a
  literal upper bound; an integer rounded from a logarithm (`math.ceil(math.log2(n))`,
  `n.bit_length()`: a power-of-two bucket, logarithmically many values); an item of a literal table (`MODES[i % 3]`, `("a", "b")[i]`, `{...}.get(i,
  d)`); `.shape`, `.dtype`, `.ndim`, `.size` of a new value of a fixed shape; the difference or
  ratio of two new values (`end - start`, both stepped: possibly constant).
- Unknown, and so nothing: where the framework keys Python values by value but arrays by shape
  (tf.function, `eqx.filter_jit`, `torch.compile(dynamic=False)`, dlaccelerate), a value made by a
  call its `[cache_key] arrays` lists (`tf.constant(i)`, `np.float32(i)`: converted, keyed by
  dtype; also as the parameter of a function the loop runs, `solve(jnp.array([x, y]))`), a
  container of such values, a name the function binds before the loop to one (`x = tf.ones(3)`
  makes `x * i` a tensor), a module function's result where every return is one (and a known
  object's method's: `batches.batch(e)` returning `tf.ones([2 + e])`, benchmarks/blind3
  tf_reduce_retracing_shape_fine_1), a copy of a
  pytree with such a value set as a leaf (`leaf_setters`:
  `eqx.tree_at(where, model, jnp.asarray(lr))`), what a compiled callable returns, and an item of
  a container the loop did not make taken at a new index (`xs[i]`: the data-batch idiom, its type
  unknown); such an item written as a static argument is new (keyed whatever its type). A name
  bound so counts in a loop's body and in a function's body run on every pass.
"""

from __future__ import annotations

from functools import cached_property
from weakref import WeakKeyDictionary

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.analysis.names import literal_int
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.taint import element_pairs
from acclint.analysis.walk import children
from acclint.analysis.loop_model import JittedCall, Loop, Pass, _Scope
from acclint.analysis.loop_helpers import _FIXED_ATTRIBUTES, _LEAVES, _assignments, _bindings, _bound_names, _names, _nodes, _read_names, _returned_values, _set_leaf, _string, _target_names


_CHANGING_OPS = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power, cst.FloorDivide)
# What `_made_by` gives for a call of a compiled callable: a trace returns arrays (tf.function
# gives tensors), which a cache keys by shape, never by value.
_COMPILED_RESULT = "<compiled>"
# A new value collapsed to at most this many values is a bounded set (`i % 4`, `min(i, 3)`,
# `np.clip(i, 0, 8)`): at most that many traces, torch.compile's recompile limit.
_FEW_VALUES = 8
# Expressions that make no new value: a comparison (two values), a lambda (a new object, not a
# new value: `_new_object`).
_NEVER_NEW = (cst.Comparison, cst.Lambda)
# Builtins whose result takes a few values whatever their input.
_PREDICATES = frozenset({"bool", "isinstance", "issubclass", "callable", "hasattr", "type"})
# Calls that round a number to an integer, and logarithms: an integer rounded from a logarithm
# takes logarithmically many values (`_collapses`).
_ROUNDINGS = frozenset({"ceil", "floor", "int", "round", "trunc"})
_LOGARITHMS = frozenset({"log", "log2", "log10", "log1p"})
# Keywords of `clip`-like calls that give the upper bound.
_UPPER_BOUNDS = frozenset({"a_max", "max", "upper", "clip_value_max", "max_value"})


class ValueNewness:
    """`LoopFacts`' part: which values are new on every pass of a loop: a propagation fact with a
    deny-list."""

    def _str_valued(self, expr: cst.BaseExpression, scope: _Scope, each: Pass | None = None) -> bool:
        """A str for sure (`_string`), a name its scope binds only to strs and by assignment
        alone (`prompt = f"task {i}"` in the loop, then `run(x, prompt)`), or a name the pass
        `each` holds a str in (a helper's parameter the loop's call gives a str: `each.strings`)."""
        if not isinstance(expr, cst.Name):
            return _string(expr)
        if each is not None and expr.value in each.strings:
            return True
        return scope.strings.get(expr.value, False) and (scope.fn is None or expr.value not in {p.name for p in scope.fn.params})

    def _new_value(self, expr: cst.BaseExpression, each: Pass, static: bool, scope: _Scope | None = None) -> str | None:
        """How `expr`, written in `scope`, is new on every pass (for a message), or None."""
        if self._changing(expr, each.changing, static, scope):
            return f"'{self._code(expr)}'"
        made = self._new_object(expr, each)
        return f"'{self._code(expr)}' ({made})" if made is not None else None

    def _array_valued(self, expr: cst.BaseExpression, arrays: tuple[str, ...], call: JittedCall) -> bool:
        """Whether `expr` is made by a call the framework keys as an array (its `arrays`, or a
        compiled callable: what a trace returns is arrays), or a name a loop around binds to one."""
        made = self._made_by(expr, call.loops, call.scope)
        return made == _COMPILED_RESULT or bool(arrays) and made is not None and made.startswith(arrays)

    def _made_by(self, expr: cst.BaseExpression, loops: tuple[Loop, ...], scope: _Scope) -> str | None:
        """The call an array-like `expr` comes from: a call's callee (`_COMPILED_RESULT` for a
        compiled callable's), that of a name a loop around binds to a call (or, where no loop
        around binds it, the function's body does: `x = tf.ones(3)` before the loop), of a
        container's first item where each is made by a call, for arithmetic that of an operand
        made by a call (an array plus a Python number is an array: `tf.ones(n) * i` is a tensor),
        and for a call of a module function what all its returns are made by (`_made_returned`)."""
        if type(expr) is cst.Name:
            for loop in reversed(loops):
                if expr.value in loop.made or expr.value in loop.assigned:
                    return loop.made.get(expr.value)
            return scope.made.get(expr.value)
        if isinstance(expr, cst.Call):
            if isinstance(expr.func, cst.Name) and (self._lookup(expr.func.value, scope) or self._imported_compiled(expr.func)) is not None:
                return _COMPILED_RESULT
            fn = self._module_function(expr.func) or self._method_called(expr.func, scope)
            if fn is not None:
                return self._made_returned(fn)
            setter = self.tables.leaf_setters.get(self.analysis.resolve(expr.func) or "")
            if setter is not None:
                # a copy of a pytree with one leaf set: what changes is that leaf, keyed as it is
                # (`eqx.tree_at(where, model, jnp.asarray(lr))` changes an array leaf)
                leaf = _set_leaf(expr, setter)
                return self._made_by(leaf, loops, scope) if leaf is not None else None
            if self._draws_a_number(expr):
                return None  # a Python number, not an array (`np.random.randn()`)
            cls = self._class_named(expr.func)
            if cls is not None and expr.args and self._pytree_class(cls, named_tuples=True):
                # a pytree node's fields are its leaves: arrays where each field given is one
                made = [self._made_by(a.value, loops, scope) for a in expr.args if not a.star]
                return made[0] if made and None not in made else None
            return self.analysis.resolve(expr.func) or ""
        if isinstance(expr, cst.UnaryOperation):
            return self._made_by(expr.expression, loops, scope)
        if isinstance(expr, cst.Subscript):  # an item or a slice of an array is an array
            return self._made_by(expr.value, loops, scope)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _CHANGING_OPS):
            return self._made_by(expr.left, loops, scope) or self._made_by(expr.right, loops, scope)
        if type(expr) in (cst.Tuple, cst.List, cst.Dict) and expr.elements:
            # a container of arrays (`{"pos0": tf.ones((n, 3)), ...}`) is keyed by their shapes
            items = [e for e in expr.elements if not isinstance(e, (cst.StarredElement, cst.StarredDictElement))]
            made = [self._made_by(e.value, loops, scope) for e in items]
            return made[0] if made and None not in made else None
        return None

    def _made_returned(self, fn: FunctionInfo) -> str | None:
        """What every return of the module function `fn` is made by (`_made_by` in its own
        scope: `def batch(i): return tf.ones([i + 1, 2])` gives a tensor), or None; made once."""
        if fn not in self._makers:
            self._makers[fn] = None  # recursion says nothing
            scope = self._scopes.get(fn) or _Scope(fn)
            made = {self._made_by(r, (), scope) if r is not None else None for r in _returned_values(fn)}
            self._makers[fn] = made.pop() if len(made) == 1 else None
        return self._makers[fn]

    def _module_function(self, func: cst.BaseExpression) -> FunctionInfo | None:
        """The module function (not a lambda) a call of `func` runs, by its plain name."""
        fn = self.analysis.index.functions.get(func.value) if isinstance(func, cst.Name) else None
        return fn if fn is not None and not isinstance(fn.node, cst.Lambda) else None

    def _an_array(self, expr: cst.BaseExpression, loops: tuple[Loop, ...], scope: _Scope) -> bool:
        """Whether `expr` is made by a call some framework keys as an array (a `[cache_key]
        arrays` prefix: `jnp.array([x, y])`), also through a name a loop around binds to one:
        passed on to a function, its value is in no cache key (its shape is: `_resized`)."""
        made = self._made_by(expr, loops, scope)
        return made is not None and made != _COMPILED_RESULT and made.startswith(self._array_makers)

    @cached_property
    def _array_makers(self) -> tuple[str, ...]:
        return self.analysis.markers.cache_key_prefixes("arrays")

    def _derived(self, fn: FunctionInfo, each: Pass) -> Pass:
        """`each` with the names `fn`'s body binds (nested functions aside) from what is new on
        each pass, in source order: `lr = 0.1 / (1 + step)`, `shape = (i + 1, 2)`. A name once
        bound to a new value stays so (a later constant rebinding is not followed)."""
        changing, fresh, resized = set(each.changing), set(each.fresh), set(each.resized)
        holding, static_held, strings = set(each.holding), set(each.static_held), set(each.strings)
        varies = set(each.varies)
        strings = _strings_after(fn, strings, self._pairs)
        for node in _assignments(fn):
            for name, value in self._pairs(node):
                now = Pass(*map(frozenset, (changing, fresh, resized)), each.rebound, each.where, *map(frozenset, (holding, static_held)), frozenset(varies))
                if self._resized(value, now) is not None:
                    resized.add(name)
                elif self._changing(value, now.changing):
                    changing.add(name)
                elif self._new_object(value, now) is not None:
                    fresh.add(name)
                if self._holding(value, now) is not None:
                    holding.add(name)
                if self._static_field_given(value, now) is not None:
                    static_held.add(name)
                if varies and _read_names(value) & (varies | changing):
                    varies.add(name)
        now = Pass(*map(frozenset, (changing, fresh, resized)), each.rebound, each.where, *map(frozenset, (holding, static_held)), frozenset(varies))
        for loop in _generator_loops(fn):  # `for win in windows(series, length)`, `length` new (`_items_resized`)
            if self._items_resized(loop.iter, now):
                resized |= _names(loop.target)
        return Pass(
            *map(frozenset, (changing, fresh, resized)), each.rebound, each.where, *map(frozenset, (holding, static_held)), frozenset(varies),
            frozenset(strings),
        )

    # -- values --------------------------------------------------------------------------
    def _changing(
        self, expr: cst.BaseExpression, changing: frozenset[str] | set[str], static: bool = False, scope: _Scope | None = None,
    ) -> bool:
        """Whether `expr` is new on every pass: it computes with a new value (a changing name,
        or attribute `state.step` bound in the loop) by any operation (a call of any function or
        method, an attribute, an item, arithmetic, a container, an f-string, a conditional
        expression, a walrus) that does not collapse it to a few values (`_collapses`). An
        item of a container the loop does not make, taken at a new index (`lrs[i]`), counts
        only where the value is keyed whatever its type (`static`: a static argument); where
        Python values are keyed by value and arrays by shape, it is the data-batch idiom
        (`xs[i]`), whose type is unknown: it says nothing."""
        if type(expr) is cst.Call and self._draws_a_number(expr):
            return True  # a host draw: new on every call, loop or not
        if not changing:
            return False
        kind = type(expr)
        if kind is cst.Name:
            return expr.value in changing
        if kind is cst.Attribute:
            if _attribute_of_name(expr) and self._code(expr) in changing:
                return True  # `state.step`, bound in the loop
            return expr.attr.value not in _FIXED_ATTRIBUTES and self._changing(expr.value, changing, static, scope)
        if kind in _LEAVES or kind in _NEVER_NEW:
            return False
        if kind is cst.UnaryOperation:
            return not isinstance(expr.operator, cst.Not) and self._changing(expr.expression, changing, static, scope)
        if kind is cst.BinaryOperation:
            return self._binary_changing(expr, changing, static, scope)
        if kind is cst.Subscript:
            return self._item_changing(expr, changing, static, scope)
        if kind is cst.Call:
            return self._call_changing(expr, changing, static, scope)
        if kind is cst.IfExp:
            return self._changing(expr.body, changing, static, scope) or self._changing(expr.orelse, changing, static, scope)
        if kind is cst.FormattedString:
            return any(
                self._changing(part.expression, changing, static, scope)
                for part in expr.parts if isinstance(part, cst.FormattedStringExpression)
            )
        if kind in (cst.Tuple, cst.List, cst.Set):
            return any(self._changing(e.value, changing, static, scope) for e in expr.elements)
        if kind is cst.Dict:
            return any(
                self._changing(e.key, changing, static, scope) or self._changing(e.value, changing, static, scope)
                for e in expr.elements if isinstance(e, cst.DictElement)
            )
        if kind in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
            return self._comprehension_changing(expr, changing, static, scope)
        return any(self._changing(child, changing, static, scope) for child in children(expr) if isinstance(child, cst.BaseExpression))

    def _comprehension_changing(
        self, expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp, changing: frozenset[str] | set[str], static: bool,
        scope: _Scope | None,
    ) -> bool:
        """A comprehension over a new iterable, or whose elements (or inner iterables) compute
        with a new value from outside it (`[[0] * (b + k) for k in range(4)]`, `b` new: a
        collate function's batch of new lengths), is new; the names its own loops bind are
        its own, not the pass's."""
        if self._changing(expr.for_in.iter, changing, static, scope):
            return True
        own: set[str] = set()
        parts: list[cst.BaseExpression] = [expr.key, expr.value] if isinstance(expr, cst.DictComp) else [expr.elt]
        comp: cst.CompFor | None = expr.for_in
        while comp is not None:
            own |= _names(comp.target)
            parts += [comp.iter] if comp is not expr.for_in else []
            comp = comp.inner_for_in
        outside = frozenset(changing) - own
        return bool(outside) and any(self._changing(part, outside, static, scope) for part in parts)

    def _binary_changing(
        self, expr: cst.BinaryOperation, changing: frozenset[str] | set[str], static: bool, scope: _Scope | None,
    ) -> bool:
        """Arithmetic on a new value is new, except a remainder or mask by a small literal
        (`i % 4`, `i & 3`: a few values); the difference or ratio of two new values (`end -
        start`, both stepped) may be constant, and says nothing."""
        if isinstance(expr.operator, (cst.Modulo, cst.BitAnd)) and _small(expr.right):
            return False
        left, right = self._changing(expr.left, changing, static, scope), self._changing(expr.right, changing, static, scope)
        if left and right:
            return not isinstance(expr.operator, (cst.Subtract, cst.Divide, cst.FloorDivide, cst.Modulo, cst.BitXor))
        return left or right

    def _item_changing(
        self, expr: cst.Subscript, changing: frozenset[str] | set[str], static: bool, scope: _Scope | None,
    ) -> bool:
        """An item or slice of a new value is new; an item of a literal table (`MODES[i % 3]`,
        `("a", "b")[i]`) is one of its few values; an item at a new index of any other
        container is new where the value is keyed whatever its type (`_changing`)."""
        if self._changing(expr.value, changing, static, scope):
            return True
        if not static or self._literal_table(expr.value):
            return False
        parts = [
            part for element in expr.slice
            for part in ((element.slice.value,) if isinstance(element.slice, cst.Index) else (element.slice.lower, element.slice.upper))
        ]
        return any(part is not None and self._changing(part, changing, static, scope) for part in parts)

    def _draws_a_number(self, expr: cst.Call) -> bool:
        """A host draw of one Python number from a continuous range (`StormTables.number_draws`:
        `random.random()`, `np.random.uniform()`; not `np.random.randn(3)`, an array, nor
        `size=`): a new value on every call."""
        if self._wide_integer_draw(expr):
            return True
        if not self.tables.number_draws:
            return False
        callee = self.analysis.resolve(expr.func)
        if callee not in self.tables.number_draws:
            return False
        sizing = self.tables.number_draws[callee]
        if sizing is None:
            return True
        if any(a.star or a.keyword is not None and a.keyword.value == "size" for a in expr.args):
            return False
        positional = sum(a.keyword is None for a in expr.args)
        return positional == 0 if sizing == -1 else positional <= sizing

    def _wide_integer_draw(self, expr: cst.Call) -> bool:
        """A host draw of one integer from a literal range of more than `_FEW_VALUES` values
        (`StormTables.integer_draws`: `np.random.randint(16, 128)`, `random.randint(64, 256)`,
        `rng.integers(8, 64)`, `random.randrange(1000)`; not `size=`, an array): a new value on
        most calls (run: 12 traces in 12 passes as a size or a static argument; `randint(0, 2)`,
        two values: 2)."""
        name = expr.func.attr.value if isinstance(expr.func, cst.Attribute) else ""
        callee = self.analysis.resolve(expr.func) or ""
        inclusive = self.tables.integer_draws.get(callee, self.tables.integer_draws.get(name))
        if inclusive is None or any(a.star or a.keyword is not None for a in expr.args):
            return False
        bounds = [literal_int(a.value) for a in expr.args]
        if not 1 <= len(bounds) <= 2 or None in bounds:
            return False
        low, high = (0, bounds[0]) if len(bounds) == 1 else bounds
        return high - low + inclusive > _FEW_VALUES  # type: ignore[operator]

    def _call_changing(self, expr: cst.Call, changing: frozenset[str] | set[str], static: bool, scope: _Scope | None) -> bool:
        """A call given a new value (or a method of one) returns a new value, unless it
        collapses it (`_collapses`), or is a module function none of whose returns computes
        with a parameter given one (`def constant(s): return 0.5`), or a method of a module
        class, called on an object `scope` knows to be an instance of it, none of whose returns
        does (`curriculum.iters(e)` returning `self.cfg["iters"]`)."""
        args = expr.args
        given = any(self._changing(a.value, changing, static, scope) for a in args)
        receiver = isinstance(expr.func, cst.Attribute) and self._changing(expr.func.value, changing, static, scope)
        if not (given or receiver) or self._collapses(expr, changing, static):
            return False
        if isinstance(expr.func, cst.Name) and expr.func.value in self.analysis.index.functions:
            fn = self.analysis.index.functions[expr.func.value]
            given_new = {param for param, value in passed(expr, fn).items() if self._changing(value, changing, static, scope)}
            return bool(given_new & self._returned_from(fn)[0])
        method = self._method_called(expr.func, scope) if not receiver else None
        if method is not None:
            given_new = {param for param, value in passed(expr, method, bound=True).items() if self._changing(value, changing, static, scope)}
            return bool(given_new & self._returned_from(method)[0])
        return True

    def _method_called(self, func: cst.BaseExpression, scope: _Scope | None) -> FunctionInfo | None:
        """The method of a module class that `obj.m(...)` runs, where `scope` knows `obj` holds
        an instance of the class (`_called_function`): its returns say what the call gives back,
        as a module function's do. None for anything else (a library object's method, an
        object of unknown class), whose result is unknown."""
        if scope is None or not isinstance(func, cst.Attribute):
            return None
        found = self._called_function(func, scope)
        if found is None:
            return None
        fn, skipped = found
        if skipped != 1 or not fn.is_method or fn.name == "__init__" or _writes_own_attributes(fn):
            return None  # a method stepping its object's state (`self.t += 1`) may return it
        return fn

    def _collapses(self, expr: cst.Call, changing: frozenset[str] | set[str], static: bool) -> bool:
        """Calls whose result takes a few values whatever their input: `bool`, `isinstance` and
        other predicates, `len` of what is not resized (`len((i, 2))`), `min`/`np.clip`/
        `torch.clamp` with a small literal upper bound, `.get` on a literal table."""
        callee = self.analysis.resolve(expr.func) or ""
        last = callee.rsplit(".", 1)[-1] or (expr.func.attr.value if isinstance(expr.func, cst.Attribute) else "")
        if callee in _PREDICATES:
            return True
        if callee == "len":
            arg = expr.args[0].value if expr.args else None
            each = Pass(frozenset(changing), frozenset(), frozenset(), frozenset(), "")
            return arg is None or self._resized(arg, each) is None
        if callee == "min" or last == "minimum":
            return any(_small(a.value) for a in expr.args)
        if last in _ROUNDINGS and len(expr.args) == 1 and self._logarithm(expr.args[0].value) or last == "bit_length":
            return True  # `math.ceil(math.log2(n))`, `n.bit_length()`: a power-of-two bucket
        if last in ("clip", "clamp", "clip_by_value"):
            positional = [a.value for a in expr.args if a.keyword is None]
            upper = [a.value for a in expr.args if a.keyword is not None and a.keyword.value in _UPPER_BOUNDS]
            return any(_small(v) for v in upper or positional[2:3])
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get" and self._literal_table(expr.func.value):
            return not any(self._changing(a.value, changing, static) for a in expr.args[1:])
        return self._few_valued_draw(expr, callee)

    def _few_valued_draw(self, expr: cst.Call, callee: str) -> bool:
        """A keyed draw whose values are a few (`StormTables.few_valued_draws`): `bernoulli`
        (a bool), `randint(key, shape, 0, 4)` (literal bounds at most `_FEW_VALUES` apart)."""
        bounds = self.tables.few_valued_draws.get(callee)
        if bounds is None:
            return False
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]
        given = [literal_int(positional[i]) if i < len(positional) else None for i in bounds]
        return not given or None not in given and given[-1] - given[0] <= _FEW_VALUES  # type: ignore[operator]

    def _logarithm(self, expr: cst.BaseExpression) -> bool:
        """A call of a logarithm (`math.log2(n)`, `np.log10(n)`): rounded to an integer, it takes
        logarithmically many values, a handful over any run (under 64 for any 64-bit size)."""
        callee = self.analysis.resolve(expr.func) if isinstance(expr, cst.Call) else None
        return callee is not None and callee.rsplit(".", 1)[-1] in _LOGARITHMS

    def _literal_table(self, expr: cst.BaseExpression) -> bool:
        """A tuple, list or dict display, or a module-level name bound once to one."""
        if isinstance(expr, cst.Name):
            values = self.analysis.index.module_values.get(expr.value, [])
            expr = values[0] if len(values) == 1 else expr
        return isinstance(expr, (cst.Tuple, cst.List, cst.Dict))

    def _returned_from(self, fn: FunctionInfo) -> tuple[frozenset[str], frozenset[str]]:
        """(new, resized): the parameters of a module function some return of which computes a
        new value from them (`def schedule(s): return 0.1 * 0.9 ** s`), and those some return of
        which is an array whose shape is computed from them (`def batch(i): return jnp.ones((i
        + 1, 2))`): a call given a new value for one returns a new value, or an array of a new
        shape (`def constant(s): return 0.5` does neither). The function's summary, made once
        (recursion says nothing)."""
        if fn in self._returns:
            return self._returns[fn]
        self._returns[fn] = (frozenset(), frozenset())
        returns = [r for r in _returned_values(fn) if r is not None]
        new, resized = set(), set()
        for param in fn.params:
            each = self._derived(fn, Pass(frozenset({param.name}), frozenset(), frozenset(), frozenset(), ""))
            if any(self._changing(r, each.changing) for r in returns):
                new.add(param.name)
            if any(self._resized(r, each) is not None for r in returns):
                resized.add(param.name)
        self._returns[fn] = (frozenset(new), frozenset(resized))
        return self._returns[fn]

    def _pairs(self, node: cst.Assign) -> list[tuple[str, cst.BaseExpression]]:
        """(target, value) of each name or attribute (`state.step`, as written) an assignment
        binds to a value of its own: `a = v`, `obj.a = v`, and `a, b = v, w` element-wise."""
        if len(node.targets) != 1:
            return []
        pairs = element_pairs(node.targets[0].target, node.value)
        # a bare name is its own code: generating it was most of this method's cost
        return [(t.value if type(t) is cst.Name and not t.lpar else self._code(t), v) for t, v in pairs if isinstance(t, cst.Name) or _attribute_of_name(t)]


def _generator_loops(fn: FunctionInfo) -> list[cst.For | cst.CompFor]:
    """The loops and comprehensions of `fn`'s body (nested functions aside) over a call, found
    once per function (`_derived` asks on every pass it works out)."""
    found = _CALL_LOOPS.get(fn)
    if found is None:
        found = _CALL_LOOPS[fn] = [n for n in _nodes(fn.node.body) if type(n) in (cst.For, cst.CompFor) and type(n.iter) is cst.Call]  # type: ignore[union-attr]
    return found


_CALL_LOOPS: WeakKeyDictionary[FunctionInfo, list[cst.For | cst.CompFor]] = WeakKeyDictionary()


def _writes_own_attributes(method: FunctionInfo) -> bool:
    """Whether `method` binds an attribute of its instance (`self.t += 1`, `self.lr = lr`): what
    it returns may then differ from call to call whatever it is given."""
    owner = method.instance_param
    return owner is not None and isinstance(method.node, cst.FunctionDef) and any(
        isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == owner
        for node in _nodes(method.node.body) if isinstance(node, (cst.Assign, cst.AugAssign))
        for target in ([t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target])
    )


def _attribute_of_name(expr: cst.BaseExpression) -> bool:
    """`a.b` or `a.b.c`: an attribute chain on a name."""
    while isinstance(expr, cst.Attribute):
        expr = expr.value
        if isinstance(expr, cst.Name):
            return True
    return False


def _small(node: cst.BaseExpression) -> bool:
    """An integer literal of at most `_FEW_VALUES` (a float bound, `min(s / n, 1.0)`, leaves
    every value below it new)."""
    value = literal_int(node)
    return value is not None and abs(value) <= _FEW_VALUES


def _strings_after(fn: FunctionInfo, strings: set[str], pairs) -> set[str]:
    """The names that hold a str after `fn`'s body, given those that hold one on entry
    (`strings`: parameters a call gives a str): a name holds one as long as every binding of it
    so far, in source order, gives one. An assignment of a str (`_string`) or of a name holding
    one, and an augmented assignment adding a str to one (`s += "x"`), keep it a str; any other
    binding (`for s in ...`, `with ... as s`, `s = n`) holds the caller's str no more."""
    strings = set(strings)
    for node in _bindings(fn):
        if isinstance(node, cst.Assign):
            given = dict(pairs(node))
            for name in _target_names(node):
                value = given.get(name)
                if value is not None and (_string(value) or type(value) is cst.Name and value.value in strings):
                    strings.add(name)
                else:
                    strings.discard(name)
        elif isinstance(node, cst.AugAssign) and type(node.target) is cst.Name:
            value = node.value
            if not (isinstance(node.operator, cst.AddAssign) and (_string(value) or type(value) is cst.Name and value.value in strings)):
                strings.discard(node.target.value)
        else:
            strings -= _bound_names(node)
    return strings
