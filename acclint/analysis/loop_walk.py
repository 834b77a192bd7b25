"""The cache-key analysis' one walk of a module: the scopes, the loops and what each pass of one binds,
calls and makes.

A loop is unbounded unless it runs over a literal collection (`for mode in ("train", "eval")`,
also a grid of them; of numbers, at most five) or a literal `range` of at most five passes
(tf.function's threshold for its retracing warning): a display of numbers is a range of as
many values, its target a new number on every pass where they are spelt each differently (ten
literal batch sizes are `range(10)`'s storm: jax_803). A bounded loop bounds the values derived from what the loop changes,
not the objects made anew on each pass (the lead's policy, stop 42): a wrapper applied on each
pass of any loop of two or more passes, bounded or not, to a callable that reads nothing the
loop binds (its target and the names its body assigns: `jax.jit(self.f)`, `jax.jit(lambda x: x
+ 1)`, a `partial` of loop-invariant values, a decorated local `def`) compiles again on every
pass for nothing, and hoisting it is always right; one that reads the loop's value
(`partial(step, mode=mode)` over modes) stays, in a bounded loop, a compile per configuration.
"""

from __future__ import annotations

from functools import cached_property
from math import prod

import libcst as cst

from acclint.analysis.names import dotted_name, literal_int
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import children
from acclint.analysis.loop_model import Jitted, Loop, _Candidate, _Rewrap, _Scope
from acclint.analysis.loop_counters import int_counters
from acclint.analysis.loop_helpers import _LEAVES, _STEPS, _bind_jitted, _bind_target, _names, _nodes, _read_names, _set_leaf, _shifted, _target_names


# A literal range of at most this many passes is a bounded set, not a storm (tf.function warns
# after five retraces of one function).
_MAX_BOUNDED_PASSES = 5
# The nodes `LoopFacts._walk` does something at (every type it tests for): any other node it
# only passes through to its children, which `_walk_children` does without a call of `_walk`
# for each (tests/test_walk_dispatch.py keeps the two in step).
_DISPATCHED = frozenset({
    cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.For, cst.While, cst.ListComp, cst.SetComp, cst.GeneratorExp,
    cst.DictComp, cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.Call,
})
# The pass-through nodes most of a module is made of, with the one field below them that can
# hold more than a name: `_walk_children` steps to it without `children`'s generic loop over
# the node's fields (the rest hold names, leaves it skips, or punctuation; tests/test_walk_dispatch.py
# checks each against `children`).
_ONE_CHILD = {
    cst.Arg: "value", cst.Attribute: "value", cst.Element: "value", cst.AssignTarget: "target", cst.Expr: "value",
    cst.Index: "value", cst.SubscriptElement: "slice", cst.ComparisonTarget: "comparator",
}
# ... and those whose only code is a sequence of statements (`children` gives their `body`).
_BODIES = frozenset({cst.SimpleStatementLine, cst.IndentedBlock})


class LoopWalk:
    """`LoopFacts`' part: the cache-key analysis' one walk of a module: the scopes, the loops and
    what each pass of one binds, calls and makes."""

    # -- the walk ------------------------------------------------------------------------
    def _walk(self, node: cst.CSTNode, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        kind = type(node)
        if kind in _LEAVES:
            return
        if kind is cst.FunctionDef or kind is cst.Lambda:
            self._function(node, scope, loops, statement)
            return
        if kind is cst.ClassDef:
            for part in (*node.decorators, *node.bases, *node.keywords):
                self._walk(part, scope, loops, statement)
            self._walk(node.body, scope, (), statement)
            self._class_attributes(node, scope)
            return
        if kind is cst.For:
            self._walk(node.iter, scope, loops, statement)
            loop = self._loop(node, node.target, node.iter, node.body, scope)
            self._resized_items(node.target, node.iter, loops)
            for outer in loops:
                outer.assigned |= loop.assigned
            inner = (*loops, loop)
            item = self._iterated_compiled(node.target, node.iter, scope)
            for part in (node.target, node.body):
                self._walk(part, scope, inner, statement)
            self._lengthens(node, loop, loops)
            if node.orelse is not None:
                self._walk(node.orelse, scope, loops, statement)
            _bind_target(node.target, scope, skip={item} if item is not None else frozenset())
            strs = isinstance(node.target, cst.Name) and self._string_display(node.iter, scope)  # `for prompt in PROMPTS`
            scope.strings.update((name, strs and scope.strings.get(name, True)) for name in _names(node.target))
            return
        if kind is cst.While:
            loop = self._loop(node, None, None, node.body, scope)
            inner = (*loops, loop)
            self._walk(node.test, scope, inner, statement)
            self._walk(node.body, scope, inner, statement)
            if node.orelse is not None:
                self._walk(node.orelse, scope, loops, statement)
            return
        if kind in (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp):
            inner = loops
            comp: cst.CompFor | None = node.for_in
            while comp is not None:
                self._walk(comp.iter, scope, inner, statement)
                self._resized_items(comp.target, comp.iter, inner)
                inner = (*inner, self._loop(comp, comp.target, comp.iter, None, scope))
                for test in comp.ifs:
                    self._walk(test, scope, inner, statement)
                comp = comp.inner_for_in
            parts = (node.key, node.value) if kind is cst.DictComp else (node.elt,)
            for loop in inner[len(loops):]:
                loop.body = parts
            for part in parts:
                self._walk(part, scope, inner, statement)
            return
        if kind in (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.NamedExpr) and (loops or kind is not cst.Assign):
            names = _target_names(node)  # (a plain assignment outside loops needs none of them)
            for loop in loops:
                loop.assigned |= names
            if kind is not cst.Assign:  # `n += 1`: no longer the literal it was bound to
                scope.literals.update((name, None) for name in names if name in scope.literals)
                scope.strings.update((name, False) for name in names)
        if kind is cst.Assign:
            self._assign(node, scope, loops)
        elif kind is cst.Call:
            if self._mapped(node):
                self._map(node, scope, loops, statement)
                return
            self._call(node, scope, loops, statement)
        self._walk_children(node, scope, loops, statement)

    def _class_attributes(self, node: cst.ClassDef, scope: _Scope) -> None:
        """A name the class body binds to a compiled callable (`mul = jax.jit(f)`, walked in
        `scope`) is that callable called through the class: `Steps.mul(x, k)`."""
        for line in node.body.body:
            for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
                if type(small) is cst.Assign and len(small.targets) == 1 and type(target := small.targets[0].target) is cst.Name:
                    if (jitted := scope.jitted.get(target.value)) is not None:
                        _bind_jitted(scope, f"{node.name.value}.{target.value}", jitted)

    def _walk_children(self, node: cst.CSTNode, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        """`_walk` of each child of `node`, in order: leaves skipped, and the nodes `_walk` only
        passes through (an argument, an attribute, a statement line: most of a module) entered
        here, so that `_walk` is called only where it has something to do (the same nodes in the
        same order as a call for every child: on the speed corpus, 565,000 calls of `_walk`, about
        60,000 of them at a node it does something at)."""
        stack = children(node)  # a new list each time
        stack.reverse()
        while stack:
            child = stack.pop()
            kind = type(child)
            if kind in _LEAVES:
                continue
            if kind in _DISPATCHED:
                self._walk(child, scope, loops, statement)
            elif (one := _ONE_CHILD.get(kind)) is not None:
                stack.append(getattr(child, one))
            elif kind in _BODIES:
                stack.extend(reversed(child.body))
            else:
                more = children(child)
                more.reverse()
                stack.extend(more)

    def _lengthens(self, node: cst.For, loop: Loop, loops: tuple[Loop, ...]) -> None:
        """An inner loop over a sequence of a new length on each outer pass (`for _ in range(i +
        1)`) leaves what it grows, or resizes, with a new size after it (`parts.append(x)`: a
        list, a pytree, of a new length): resized on the outer pass too."""
        outer = [o for o in loops if not o.bounded]
        if outer and loop.resized and self._resized(node.iter, self._pass_of(loops, "")) is not None:
            outer[-1].resized |= loop.resized

    def _mapped(self, node: cst.Call) -> bool:
        """A call of the builtin `map` with a function and iterables (no keywords, no stars)."""
        return (
            type(node.func) is cst.Name and node.func.value == "map" and len(node.args) >= 2
            and not any(a.keyword or a.star for a in node.args) and self.analysis.resolve(node.func) == "map"
        )

    def _map(self, node: cst.Call, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        """`map(f, xs)`: a loop over `xs` whose body calls `f` once per item, as `[f(x) for x in
        xs]` does (bounded where an iterable is a literal: map stops at the shortest). A lambda's
        body is walked as that comprehension's element; a function named, or a `partial` over
        one (made once, outside the loop), is called from the loop with the partial's arguments."""
        fn, iterables = node.args[0].value, [a.value for a in node.args[1:]]
        for iterable in iterables:
            self._walk(iterable, scope, loops, statement)
        shortest = next((i for i in iterables if self._bounded(i, scope)), iterables[0])
        receivers = _item_params(fn.params) if isinstance(fn, cst.Lambda) else []
        # one iterable into one parameter that takes an item (not `*items`): `for n in xs`'s `n`
        one = len(iterables) == 1 and len(receivers) == 1 and receivers[0] is not fn.params.star_arg  # type: ignore[union-attr]
        loop = self._loop(node, receivers[0].name if one else None, shortest, None, scope)
        inner = (*loops, loop)
        if isinstance(fn, cst.Lambda):
            loop.assigned |= {p.name.value for p in receivers}
            self._walk(fn.body, scope, inner, statement)
            return
        self._walk(fn, scope, loops, statement)
        callee, given = fn, ()
        if isinstance(fn, cst.Call) and fn.args and self.analysis.resolve(fn.func) in ("functools.partial", "partial"):
            callee, given = fn.args[0].value, tuple(fn.args[1:])
        target = self._called_function(callee, scope)
        if target is not None:  # the call each item makes, for what it passes (`passed`)
            self._host_calls.append((scope.fn, *target, cst.Call(func=callee, args=given), scope, inner))

    @cached_property
    def _rewrapped_defs(self) -> frozenset[cst.FunctionDef]:
        """The defs rebound to a jit-family wrapper applied to them (`f = jax.jit(f)`:
        ContextAnalysis.rewraps): their name is the compiled callable, their body runs only
        while tracing."""
        return frozenset(d for d, call in self.analysis.rewraps.items() if self._wrapper_applied(call) is not None)

    def _function(self, node: cst.FunctionDef | cst.Lambda, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        info = self.analysis.index.by_node.get(node)
        inner = self._scopes.setdefault(info, _Scope(info))
        inner.bound.update(p.name for p in (info.params if info is not None else ()))
        if scope.traced:
            inner.traced = True
        for param in (*node.params.params, *node.params.kwonly_params, *node.params.posonly_params):
            if param.default is not None:
                self._walk(param.default, scope, loops, statement)
        if isinstance(node, cst.Lambda):
            self._walk(node.body, inner, (), statement)
            return
        wrapped = False
        for decorator in node.decorators:
            self._walk(decorator.decorator, scope, loops, statement)
            jitted = self._decorated(decorator.decorator, info)
            if jitted is not None:
                wrapped = True
                _bind_jitted(scope, node.name.value, jitted)
                if info is not None and info.cls is not None:
                    self._own_method(info, jitted, decorator.decorator)
                    self._held[(info.cls, node.name.value)] = _through_object(jitted)
                if jitted.identity == "code" or scope.traced:
                    continue
                unbounded = [loop for loop in loops if not loop.bounded]
                if loops:  # a new function, wrapped anew, each pass (a bounded loop: `_invariant_in`)
                    self._candidates.append(_Candidate(
                        decorator.decorator, "a function defined in the loop", node.name.value, (unbounded or loops)[-1], scope,
                        statement, node,
                    ))
                elif scope.fn is not None:  # wrapped anew on each call of the function it is defined in
                    self._candidates.append(_Candidate(
                        decorator.decorator, f"'{node.name.value}', defined anew on each call", node.name.value, None, scope, statement, node,
                    ))
        wrapped = wrapped or node in self._rewrapped_defs
        if not wrapped:
            scope.bound.add(node.name.value)
        inner.traced = scope.traced or wrapped
        for loop in loops:
            loop.fresh.add(node.name.value)
        self._walk(node.body, inner, (), statement)

    def _loop(
        self, node: cst.CSTNode, target: cst.BaseAssignTargetExpression | None, iterable: cst.BaseExpression | None,
        body: cst.CSTNode | None, scope: _Scope,
    ) -> Loop:
        """The `Loop` a `for`, `while` or comprehension makes (`iterable` None for a `while`): a
        bounded one (a literal set of passes: `_bounded`) is a grid of configurations, known by
        its axes; in an unbounded one, the names new on every pass (`Loop.changing`) are what
        makes a compiled call keyed by them a storm: its integer counters (`int_counters`, the
        reader comprehensions' instances share), the target over a display of distinct numbers
        (also enumerate's item over one), and what the body steps, splits or grows."""
        loop = Loop(node, bounded=iterable is not None and self._bounded(iterable, scope), body=(body,) if body is not None else (), fn=scope.fn)
        self._loop_nodes[id(node)] = loop
        generator = self._generator_called(iterable)
        if generator is not None and not loop.bounded and isinstance(target, cst.Name):
            self._generator_loops.append((loop, target.value, generator))
        elif not loop.bounded and isinstance(target, cst.Name) and isinstance(iterable, cst.Name) and scope.fn is not None:
            if iterable.value in {p.name for p in scope.fn.params}:  # `for b in batches`: what its callers hand it
                self._parameter_loops.append((loop, target.value, scope.fn, iterable.value))
        loop.assigned |= _names(target) if target is not None else set()
        if loop.bounded:
            loop.single = self._passes(iterable, scope) <= 1  # type: ignore[arg-type]
            loop.axes = self._axes(target, iterable, scope)  # type: ignore[arg-type]
            return loop
        if iterable is not None and target is not None:
            loop.changing |= int_counters(target, iterable, self.analysis.resolve)
            if self._distinct_display(iterable, scope):
                loop.changing |= _names(target)  # ten literal batch sizes: a new one on each pass
            elif (
                isinstance(iterable, cst.Call) and self.analysis.resolve(iterable.func) == "enumerate" and iterable.args
                and isinstance(target, cst.Tuple) and len(target.elements) == 2 and self._distinct_display(iterable.args[0].value, scope)
            ):
                loop.changing |= _names(target.elements[1].value)
        if iterable is not None:
            loop.varies |= _names(target) if target is not None else set()
        if body is not None:
            _steps(body, loop)
            self._drawn(body, loop)
            _varying(body, loop)
            _grown(body, loop)
            self._joined(body, loop)
            self._split_keys(body, loop)
            self._stepped_leaves(body, loop)
            self._retrain(body, scope)
        return loop

    def _resized_items(self, target: cst.BaseAssignTargetExpression, iterable: cst.BaseExpression, loops: tuple[Loop, ...]) -> None:
        """A loop's target bound to a generator's items whose shape is new on every pass of an
        unbounded loop around it (`_items_resized`): resized on that loop's passes."""
        unbounded = [loop for loop in loops if not loop.bounded]
        if unbounded and self._items_resized(iterable, self._pass_of(loops, "")):
            unbounded[-1].resized |= _names(target)

    def _drawn(self, body: cst.CSTNode, loop: Loop) -> None:
        """Names the body binds to a host draw (`lengths = rng.integers(3, n, size=4)`,
        `u = np.random.uniform()`): data that differs on each pass, whatever the range it is
        drawn from (added to the loop's `varies`; `_varying` carries it on, and an extreme of it
        given as a size is new: `_extreme_of_data`)."""
        for node in _nodes(body, statements=True):
            if type(node) is cst.Assign and type(node.value) is cst.Call and self._host_draw(node.value):
                loop.varies |= _target_names(node)

    def _host_draw(self, call: cst.Call) -> bool:
        """A call of a host random draw (`[storms] number_draws`, `integer_draws`; a generator's
        method by its name: `rng.integers`), of one number or, given `size=`, of an array."""
        callee = self.analysis.resolve(call.func) or ""
        name = call.func.attr.value if type(call.func) is cst.Attribute else ""
        return callee in self.tables.number_draws or callee in self.tables.integer_draws or name in self.tables.integer_draws

    def _split_keys(self, body: cst.CSTNode, loop: Loop) -> None:
        """Names the body rebinds from a key step of themselves (`key, sub =
        jax.random.split(key)`, `key = jax.random.split(key)[0]`, `key = jax.random.fold_in(key,
        1)`), with the names the same statement binds: a key chain, new on every pass, as a
        stepped counter is (added to the loop's changing names; what is drawn from them is new
        through `_changing`, unless the draw takes a few values: `_collapses`)."""
        if not self.tables.key_steps:
            return
        for node in _nodes(body, statements=True):
            if type(node) is not cst.Assign:
                continue
            step = node.value.value if type(node.value) is cst.Subscript else node.value
            if type(step) is not cst.Call or not step.args or type(step.args[0].value) is not cst.Name:
                continue
            names = _target_names(node)
            if step.args[0].value.value in names and self.analysis.resolve(step.func) in self.tables.key_steps:
                loop.changing |= names

    def _stepped_leaves(self, body: cst.CSTNode, loop: Loop) -> None:
        """Names the body rebinds to a copy of themselves with one leaf set to that leaf stepped
        by a literal (`model = eqx.tree_at(lambda m: m.step, model, model.step + 1)`, `net =
        eqx.tree_at(lambda n: n.noise, net, net.noise * 0.9)`; `leaf_setters`), where the leaf
        is a field the module's pytree classes declare a Python number (`_number_field`): carried
        from pass to pass and new on each, as a stepped counter is, it makes the pytree holding
        it new on every pass (added to the loop's changing names), which a key holding non-array
        leaves by value (`eqx.filter_jit`) sees; an array leaf so stepped keeps its shape."""
        if not self.tables.leaf_setters:
            return
        for node in _nodes(body, statements=True):
            if type(node) is not cst.Assign or len(node.targets) != 1 or type(node.targets[0].target) is not cst.Name:
                continue
            name, value = node.targets[0].target.value, node.value
            setter = self.tables.leaf_setters.get(self.analysis.resolve(value.func) or "") if type(value) is cst.Call else None
            if setter is None:
                continue
            positional = [a.value for a in value.args if a.keyword is None and not a.star]
            where, tree = (positional + [None, None])[:2]
            leaf = _set_leaf(value, setter)
            field = where.body.attr.value if type(where) is cst.Lambda and type(where.body) is cst.Attribute else None
            if (
                type(tree) is cst.Name and tree.value == name and leaf is not None and field is not None
                and _stepped_from(f"{name}.{field}", leaf) and self._number_field(field)
            ):
                loop.changing.add(name)

    def _joined(self, body: cst.CSTNode, loop: Loop) -> None:
        """Names the body rebinds once, to themselves joined with more (`tokens =
        jnp.concatenate([tokens, nxt])`, `x = jnp.append(x, v)`, `rows = np.vstack([rows, r])`,
        `hist = hist + [x]`, `hist += [x]`): carried from pass to pass, one longer on each
        (added to the loop's resized names; run: 10 traces in 10 passes each, a window cut back
        after the join, `win = jnp.concatenate([win, v])[-4:]`, 1)."""
        bindings: dict[str, list[cst.BaseExpression | None]] = {}
        for node in _nodes(body):  # `hist.pop(0)`: a window, no longer on each pass
            if type(node) is cst.Call and type(node.func) is cst.Attribute and node.func.attr.value in _SHRINKING:
                bindings.setdefault(self._code(node.func.value), []).append(None)
        for node in _nodes(body, statements=True):
            if isinstance(node, cst.Assign):
                for name in _target_names(node):
                    single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
                    bindings.setdefault(name, []).append(node.value if single else None)
            elif isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
                added = isinstance(node.operator, cst.AddAssign) and isinstance(node.value, (cst.List, cst.Tuple)) and node.value.elements
                bindings.setdefault(node.target.value, []).append(cst.BinaryOperation(node.target, cst.Add(), node.value) if added else None)
        for name, values in bindings.items():
            if len(values) == 1 and values[0] is not None and self._joins_itself(name, values[0]):
                loop.resized.add(name)

    def _joins_itself(self, name: str, value: cst.BaseExpression) -> bool:
        """`value` is `name` joined with more: a `joins` call given it first (alone, or first in
        a sequence display), or `name + [...]` / `[...] + name` with a display."""
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
            sides = (value.left, value.right)
            return any(isinstance(a, cst.Name) and a.value == name and isinstance(b, (cst.List, cst.Tuple)) and bool(b.elements) for a, b in (sides, sides[::-1]))
        if not isinstance(value, cst.Call) or (self.analysis.resolve(value.func) or "") not in self.tables.joins or not value.args:
            return False
        first = value.args[0].value
        items = [e.value for e in first.elements] if isinstance(first, (cst.List, cst.Tuple)) else [first]
        return any(isinstance(item, cst.Name) and item.value == name for item in items)

    def _retrain(self, body: cst.CSTNode, scope: _Scope) -> None:
        """A framework object that keeps a compiled function it builds (`[[built_state]]`: Keras
        builds a model's train function at `fit`/`train_on_batch` and drops it at `compile()`),
        reset and stepped once (`steps`: `train_on_batch`) on each pass of an unbounded loop, not
        in a loop nested in it: a new compiled callable for each step, as a wrapper applied in
        the loop makes (a `fit` of many steps per pass amortises its trace)."""
        states = self.analysis.markers.built_state
        if scope.traced or not states or not self._resets_and_builds:
            return
        calls = list(_pass_calls(body, None))
        for state in states:
            resets = {c.func.value.value: c for c, _ in calls if c.func.attr.value in state.resets}  # type: ignore[attr-defined]
            for call, statement in calls:
                name, method = call.func.value.value, call.func.attr.value  # type: ignore[attr-defined]
                if method in state.steps and name in resets and self.analysis.types(call.func.value, scope.fn) & state.classes:  # type: ignore[attr-defined]
                    reset = resets[name]
                    self._retrained.append(_Rewrap(
                        reset, call, f"the train function '{name}.{method}' builds after each '{reset.func.attr.value}()' "  # type: ignore[attr-defined]
                        "(a new one on each pass)", "this loop", statement,
                    ))

    def _bounded(self, iterable: cst.BaseExpression, scope: _Scope) -> bool:
        """A literal collection (of numbers: at most `_MAX_BOUNDED_PASSES` of them) or a literal
        `range` of at most that many passes, also through `enumerate`/`zip` and names bound once
        to such literals: a display of numbers makes the passes a range of as many values makes
        (ten literal batch sizes are the same storm as `range(10)`: jax_803), where a display of
        anything else (modes, names, objects) is a set of configurations."""
        iterable = self._literal(iterable, scope) or iterable
        if type(iterable) in (cst.Tuple, cst.List, cst.Set, cst.Dict):
            return not _numbers(iterable) or self._passes(iterable, scope) <= _MAX_BOUNDED_PASSES
        if not isinstance(iterable, cst.Call) or any(a.keyword or a.star for a in iterable.args):
            return False
        callee = self.analysis.resolve(iterable.func)
        if callee in ("enumerate", "zip", "reversed", "sorted"):
            return bool(iterable.args) and any(self._bounded(a.value, scope) for a in iterable.args[:1 if callee != "zip" else None])
        if callee == "itertools.product":  # a grid of bounded sets (an autotuning sweep)
            return bool(iterable.args) and all(self._bounded(a.value, scope) for a in iterable.args)
        values = self._range_bounds(iterable, scope)
        return values is not None and len(range(*values)) <= _MAX_BOUNDED_PASSES

    def _distinct_display(self, iterable: cst.BaseExpression, scope: _Scope) -> bool:
        """Whether `iterable` is a display (also through a name bound once to one) of numbers
        spelt each differently, as a range yields them: its loop's target is a new Python number
        on every pass (a display of arrays is not: `tf.constant(1.0)` keys by shape)."""
        iterable = self._literal(iterable, scope) or iterable
        if not isinstance(iterable, (cst.Tuple, cst.List, cst.Set)) or not _numbers(iterable):
            return False
        entries = [self._code(e.value) for e in iterable.elements if isinstance(e, cst.Element)]
        return len(entries) == len(iterable.elements) and len(set(entries)) == len(entries)

    def _literal_range(self, iterable: cst.BaseExpression, scope: _Scope) -> bool:
        """Whether `iterable` is a `range` of literal bounds (also through names bound once to
        them): its loop's target is a new int on every pass."""
        return self._range_bounds(self._literal(iterable, scope) or iterable, scope) is not None

    def _range_bounds(self, iterable: cst.BaseExpression, scope: _Scope) -> list[int] | None:
        """The literal arguments of `range(...)` (also names bound once to literals), else None."""
        if not isinstance(iterable, cst.Call) or any(a.star for a in iterable.args) or self.analysis.resolve(iterable.func) != "range":
            return None
        values = [literal_int(self._literal(a.value, scope) or a.value) for a in iterable.args]
        return values if values and None not in values and len(values) <= 3 else None  # type: ignore[return-value]

    def _string_display(self, iterable: cst.BaseExpression, scope: _Scope) -> bool:
        """Whether `iterable` is a display of string literals alone (also through a name bound
        once to one): its loop's target is a str on every pass, keyed by value where a compiled
        callable keys strs so (opentau_114's eight prompts)."""
        iterable = self._literal(iterable, scope) or iterable
        return isinstance(iterable, (cst.Tuple, cst.List, cst.Set)) and bool(iterable.elements) and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.SimpleString) for e in iterable.elements
        )

    def _generator_called(self, iterable: cst.BaseExpression | None) -> FunctionInfo | None:
        """The module's generator function `iterable` calls (`batches(rng, n)`), else None."""
        if not isinstance(iterable, cst.Call) or not isinstance(iterable.func, cst.Name):
            return None
        fn = self.analysis.index.functions.get(iterable.func.value)
        return fn if fn is not None and isinstance(fn.node, cst.FunctionDef) and self.analysis.body(fn).yields else None

    def _axes(self, target: cst.BaseAssignTargetExpression | None, iterable: cst.BaseExpression, scope: _Scope) -> tuple[tuple[str, int], ...]:
        """The grid axes (`Loop.axes`) a bounded loop's target gives: a target new on every pass
        (over a display of numbers spelt each differently, a literal `range`) with the loop's
        passes; over `itertools.product(a, b)` of such, each item of a tuple target with the
        passes of its own factor, or a single target with their product."""
        if isinstance(target, cst.Name) and (self._distinct_display(iterable, scope) or self._literal_range(iterable, scope)):
            return ((target.value, self._passes(iterable, scope)),)
        factors = self._product_factors(iterable, scope)
        if factors is None or isinstance(target, cst.Tuple) and len(target.elements) != len(factors):
            return ()
        if isinstance(target, cst.Tuple):
            axes = [axis for element, factor in zip(target.elements, factors) for axis in self._axes(element.value, factor, scope)]  # type: ignore[arg-type]
            return tuple(axes)
        if isinstance(target, cst.Name) and all(self._axes(target, factor, scope) for factor in factors):
            return ((target.value, self._passes(iterable, scope)),)
        return ()

    def _product_factors(self, iterable: cst.BaseExpression, scope: _Scope) -> list[cst.BaseExpression] | None:
        """The iterables `itertools.product(a, b)` (also through a name bound once to it) takes
        the product of, else None."""
        iterable = self._literal(iterable, scope) or iterable
        if not isinstance(iterable, cst.Call) or self.analysis.resolve(iterable.func) != "itertools.product" or not iterable.args:
            return None
        return None if any(a.keyword or a.star for a in iterable.args) else [a.value for a in iterable.args]

    def _passes(self, iterable: cst.BaseExpression, scope: _Scope) -> int:
        """How many passes a bounded loop over `iterable` makes, where it is a literal `range`,
        a display without starred items, or `itertools.product` of such (the product of their
        passes); else 2 (some number above one)."""
        factors = self._product_factors(iterable, scope)
        if factors is not None:
            return prod(self._passes(factor, scope) for factor in factors)
        iterable = self._literal(iterable, scope) or iterable
        if isinstance(iterable, (cst.Tuple, cst.List, cst.Set, cst.Dict)):
            elements = iterable.elements
            return 2 if any(isinstance(e, (cst.StarredElement, cst.StarredDictElement)) for e in elements) else len(elements)
        values = self._range_bounds(iterable, scope)
        return len(range(*values)) if values is not None else 2

    def _literal(self, expr: cst.BaseExpression, scope: _Scope) -> cst.BaseExpression | None:
        """The literal a name is bound to once, in its scope or the module (`N = 3`)."""
        if not isinstance(expr, cst.Name):
            return None
        current: _Scope | None = scope
        while current is not None:
            if expr.value in current.literals:
                return current.literals[expr.value]
            if expr.value in current.bound and current.fn is not None:
                return None
            current = self._scopes.get(current.fn.parent) if current.fn is not None else None
        values = self.analysis.index.module_values.get(expr.value, [])
        if len(values) != 1 or expr.value in self._resolving:
            return None
        self._resolving.add(expr.value)  # `a = zip(a)` names itself
        try:
            return values[0] if self._literal_value(values[0], self._scopes[None]) else None
        finally:
            self._resolving.discard(expr.value)

    def _literal_value(self, value: cst.BaseExpression, scope: _Scope) -> bool:
        """A value a name may stand for in a bound: an integer or a display (`_is_literal`), or a
        bounded iterable (`tuning = itertools.product((4, 8), (1024, 2048))`, `range(4)`)."""
        return _is_literal(value) or isinstance(value, cst.Call) and self._bounded(value, scope)


def _through_object(jitted: Jitted) -> Jitted:
    """A decorated method's key as called through its object (`obj.m(x, k)`): the call passes
    no `self`, so every position is one less, and `self` (position 0) is keyed as the object."""
    return _shifted(jitted, 1)


def _steps(body: cst.CSTNode, loop: Loop) -> None:
    """Names stepped by a literal on every pass (`step += 1`, `lr *= 0.9`, also spelt as a
    reassignment from the name itself: `step = step + 1`, `lr = lr * 0.5`, `t = 0.25 + t`), and
    never otherwise reassigned in the body (a reset would break the sequence)."""
    stepped: set[str] = set()
    assigned: set[str] = set()
    for node in _nodes(body, statements=True):
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name) and isinstance(node.operator, _STEPS):
            value = _number(node.value)
            neutral = 1 if isinstance(node.operator, cst.MultiplyAssign) else 0
            if value is not None and value != neutral:
                stepped.add(node.target.value)
        elif isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    name = target.target.value
                    (stepped if len(node.targets) == 1 and _stepped_from(name, node.value) else assigned).add(name)
    loop.changing |= stepped - assigned


# Reassignments that step a name by a literal (`_stepped_from`): operator -> the literal that
# leaves it unchanged.
_REASSIGNED_STEPS = {cst.Add: 0, cst.Subtract: 0, cst.Multiply: 1, cst.Divide: 1}


def _stepped_from(name: str, value: cst.BaseExpression) -> bool:
    """`name OP literal` (or `literal OP name` for `+` and `*`), a literal that changes it;
    `name` may be an attribute of a name (`model.step`)."""
    if not isinstance(value, cst.BinaryOperation) or type(value.operator) not in _REASSIGNED_STEPS:
        return False
    neutral = _REASSIGNED_STEPS[type(value.operator)]
    pairs = [(value.left, value.right)]
    if isinstance(value.operator, (cst.Add, cst.Multiply)):
        pairs.append((value.right, value.left))
    return any(
        dotted_name(own) == name and (step := _number(other)) is not None and step != neutral
        for own, other in pairs
    )


# Methods that add to a list in place, and those that take from a list or dict (`_grown`).
_GROWING = frozenset({"append", "extend", "insert"})
_SHRINKING = frozenset({"pop", "popitem", "clear", "remove"})


def _varying(body: cst.CSTNode, loop: Loop) -> None:
    """Names holding data that differs on each pass (added to `loop.varies`, seeded with the
    variable of a `for` over data): a name the body binds from its own previous value (`w = w *
    0.5 + x`, `state = step(state)`: carried from pass to pass) or from a name that varies or
    changes (`best = int(jnp.argmax(w))`), in source order, twice around for what a later
    statement carries into an earlier one."""
    assignments = [n for n in _nodes(body, statements=True) if type(n) in (cst.Assign, cst.AugAssign)]
    for _ in range(2):
        for node in assignments:
            bound = _target_names(node)
            if _read_names(node.value) & (loop.varies | loop.changing | bound):
                loop.varies |= bound


def _new_key(key: cst.BaseExpression, loop: Loop) -> bool:
    """A dict key new on each pass: computed from a changing name, or a name holding data that
    differs on each pass (`counts[token]`, `phis.setdefault(int(best), 0)`) as it is or converted
    by `int`/`str` (arithmetic on it, `token % 4`, may collapse it to a few keys)."""
    if _names(key) & loop.changing:
        return True
    if isinstance(key, cst.Call) and isinstance(key.func, cst.Name) and key.func.value in ("int", "str") and len(key.args) == 1:
        key = key.args[0].value
    return isinstance(key, cst.Name) and key.value in loop.varies


def _grown(body: cst.CSTNode, loop: Loop) -> None:
    """Names of containers every pass grows in place: a statement of the body itself (not one
    under a branch) appending to a list (`xs.append(v)`, `extend`, `insert`) or giving a dict a
    key new on each pass (`d[t] = v`, `d.setdefault(t, v)`), where the body neither rebinds
    the name nor takes from it (`pop`, `clear`, `del d[k]`): a pytree of a new structure on
    every pass (added to the loop's resized names)."""
    block = body.body if isinstance(body, cst.IndentedBlock) else []
    grown: set[str] = set()
    for line in block:
        for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute):
                call, owner = small.value, small.value.func.value
                method = call.func.attr.value  # type: ignore[attr-defined]
                keyed = method == "setdefault" and call.args and _new_key(call.args[0].value, loop)
                if isinstance(owner, cst.Name) and (method in _GROWING or keyed):
                    grown.add(owner.value)
            elif isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(item := small.targets[0].target, cst.Subscript):
                if isinstance(item.value, cst.Name) and len(item.slice) == 1 and isinstance(item.slice[0].slice, cst.Index):
                    if _new_key(item.slice[0].slice.value, loop):
                        grown.add(item.value.value)
    if not grown:
        return
    for node in _nodes(body):
        if isinstance(node, cst.Assign):
            grown -= {t.target.value for t in node.targets if isinstance(t.target, cst.Name)}
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in _SHRINKING:
            grown -= _names(node.func.value)
        elif isinstance(node, cst.Del):
            grown -= _names(node.target)
    loop.resized |= grown


def _item_params(params: cst.Parameters) -> list[cst.Param]:
    """The parameters `map` binds an item to: positional-only, regular, and `*args` (which
    takes the items left over as a tuple); keyword-only ones keep their defaults."""
    star = [params.star_arg] if isinstance(params.star_arg, cst.Param) else []
    return [*params.posonly_params, *params.params, *star]


def _pass_calls(node: cst.CSTNode, statement: cst.BaseStatement | None):
    """(call, statement) of each method call on a name (`model.fit(...)`) that runs once per pass
    of the loop whose body is `node`: nested loops, comprehensions and definitions excepted."""
    for child in children(node):
        if isinstance(child, _NOT_THIS_PASS):
            continue
        here = child if isinstance(child, cst.BaseStatement) else statement
        if isinstance(child, cst.Call) and isinstance(child.func, cst.Attribute) and isinstance(child.func.value, cst.Name) and here is not None:
            yield child, here
        yield from _pass_calls(child, here)


_NOT_THIS_PASS = (
    cst.For, cst.While, cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp,
)


def _is_literal(node: cst.BaseExpression) -> bool:
    """An integer, or a tuple/list/set/dict display (what a bounded loop may run over)."""
    return literal_int(node) is not None or type(node) in (cst.Tuple, cst.List, cst.Set, cst.Dict)


def _numbers(display: cst.Tuple | cst.List | cst.Set | cst.Dict) -> bool:
    """A display of number literals alone (`[32, 17, -1, 0.5]`; a dict's keys), or of string
    literals alone in a sequence (eight prompts), none starred: values a cache keys by value
    where it keys them at all. A dict's string keys name the configurations its values hold
    (jwave's `TEST_SETTINGS`, a test per setting): a set of configurations, as modes are."""
    strings = () if isinstance(display, cst.Dict) else (cst.SimpleString,)
    entries = [e.key if isinstance(e, cst.DictElement) else e.value for e in display.elements if isinstance(e, (cst.Element, cst.DictElement))]
    return len(entries) == len(display.elements) and all(
        isinstance(v.expression if isinstance(v, cst.UnaryOperation) else v, (cst.Integer, cst.Float, *strings)) for v in entries
    )


def _number(node: cst.BaseExpression) -> float | None:
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value
    return None
