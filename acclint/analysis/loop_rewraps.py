"""Compiled callables made anew on every pass: a wrapper applied to a new callable and called on that
pass, an object that owns one made each pass.

A wrapper applied on each pass is a storm only when its result is called once on that pass (the
finding is at that call, whose key's identity component is new): a result called (or handed to
another call) at several places, or in a nested loop, is taken as a per-pass compile that the
pass reuses (a jit per configuration), not a compile per step. This leaves jax#282 out (a jit of
each data item's pullback, reused over an inner loop); reporting it (stop 41) made a false finding
on the real-code benchmark, a benchmark's sweep over configurations (jax-md's
cargese_swap_mc notebook), and was undone.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.names import once_block
from acclint.analysis.scopes import ClassInfo
from acclint.analysis.loop_model import KeyChange, Loop, _Candidate, _Rewrap, _Scope
from acclint.analysis.loop_helpers import _attribute_key, _binds, _bound_values, _memo_made, _nodes, _read_names


class Rewraps:
    """`LoopFacts`' part: compiled callables made anew on every pass: a wrapper applied to a new
    callable and called on that pass, an object that owns one made each pass."""

    # -- identity ------------------------------------------------------------------------
    def _owned_changes(self) -> list[KeyChange]:
        """Calls `obj.attr(...)` of a compiled callable that `obj` owns, where `obj` is a new
        object on every pass (`Trainer(cfg).step(x)`, or `t = Trainer(cfg)` in the loop, then
        `t.step(x)` once on the pass; or made in a function the loop runs): a new instance
        brings a new callable (ACC501), or is itself a static argument hashed by identity
        (`self` of a method jitted with `static_argnums=0`: ACC502)."""
        found: list[KeyChange] = []
        if not self._owned:
            return found  # no object owns a compiled callable: no call through one
        callers = self._called_in_loops()
        for call, loops, scope, statement in self._attribute_calls:
            func: cst.Attribute = call.func  # type: ignore[assignment]
            obj = func.value
            cls = self._instance(obj, scope)
            owned = self._owned.get((cls, func.attr.value)) if cls is not None else None
            if owned is None:
                continue
            unbounded = [loop for loop in loops if not loop.bounded]
            where = "this loop" if unbounded else (callers.get(scope.fn) if scope.fn is not None else None)
            new_value = owned.static_self and self._new_value_each_pass(obj, cls, unbounded)  # type: ignore[arg-type]
            if where is None or not (new_value or self._new_each_pass(obj, func, cls, scope, unbounded)):  # type: ignore[arg-type]
                continue
            instance = f"'{self._code(obj)}' is a new '{cls.name}' object on each pass"  # type: ignore[union-attr]
            if new_value:
                found.append(KeyChange("ACC502", obj, f"static argument 'self' (hashed by its value; '{self._code(obj)}' is a new value on each pass)", func, where, statement))
            elif owned.static_self:
                found.append(KeyChange("ACC502", obj, f"static argument 'self' (hashed by identity; {instance})", func, where, statement))
            else:
                found.append(KeyChange("ACC501", call, f"{owned.what} once per object, and {instance}", owned.node, where, statement))
        return found

    def _new_value_each_pass(self, obj: cst.BaseExpression, cls: ClassInfo, unbounded: list[Loop]) -> bool:
        """`Cls(...)` of a class with value equality given a new value on every pass of a loop
        around (`Opt(0.1 * i)`): as a static argument it hashes by its fields, new on each pass."""
        return (
            bool(unbounded) and isinstance(obj, cst.Call) and self._value_equality(cls)
            and self._changing(obj, self._pass_of(tuple(unbounded), "").changing, static=True)
        )

    def _new_each_pass(self, obj: cst.BaseExpression, func: cst.Attribute, cls: ClassInfo, scope: _Scope, unbounded: list[Loop]) -> bool:
        """Whether the object `obj.attr(...)` runs on is new on every pass, and called once on
        it: `Cls(...)` itself; a name a loop binds to one and calls `obj.attr` on once on its pass
        (not in a nested loop: that reuses it); or, in a function a loop runs, a local (not a
        parameter) bound to one. A class with value equality is no new key."""
        if isinstance(obj, cst.Call):
            return self._new_object(obj, self._pass_of((), "")) is not None
        if not isinstance(obj, cst.Name):
            return False
        if unbounded:
            key = _attribute_key(func)
            loop = next((loop for loop in reversed(unbounded) if obj.value in loop.fresh), None)
            return loop is not None and len(loop.called.get(key, [])) == 1 and key not in loop.called_nested
        fn = scope.fn
        return (
            fn is not None and obj.value in scope.instances and obj.value not in {p.name for p in fn.params}
            and not self._value_equality(cls)
        )

    def _rewraps(self) -> list[_Rewrap]:
        """Wrapper applications on a new callable each pass, with the call on that pass that
        runs their result."""
        found: list[_Rewrap] = []
        if not self._candidates:
            return found
        callers = self._called_in_loops()
        scripted = self._called_in_loops(module_only=True)
        for c in self._candidates:
            if c.primitive and not (c.scope.fn is None or c.scope.fn in self._host_functions if c.loop is not None else c.scope.fn in scripted):
                continue
            loop = c.loop
            if loop is not None and loop.bounded and not self._invariant_in(c):
                if not isinstance(c.wrapped, cst.FunctionDef):
                    continue
                loop = None  # a decorated def is still made anew on each call of its function
            if loop is not None and c.result is not None and _made_once(c.result, c.node, loop.node):
                continue
            if loop is not None:
                names = loop.names_of(c.result) if c.result is not None else []
                calls = [self._called_at_once[id(c.node)]] if c.result is None else [call for n in names for call in loop.called.get(n, [])]
                if len(calls) == 1 and not loop.called_nested.intersection(names):
                    found.append(_Rewrap(c.node, calls[0], c.what, "this loop", c.statement, self._made_at(c)))
                elif not loop.bounded and not calls and c.result in loop.called_nested and self._configures_nothing(c, loop):
                    inner = next((
                        n for n in _nodes(loop.node, in_order=True) if isinstance(n, cst.Call) and isinstance(n.func, cst.Name) and n.func.value == c.result
                    ), None)  # None: only handed on in the inner loop (`measure(step)`)
                    if inner is not None:
                        found.append(_Rewrap(c.node, inner, c.what, "this loop", c.statement, self._made_at(c)))
            elif c.scope.fn is not None:
                call = self._called_at_once[id(c.node)] if c.result is None else self._call_of(c.result, c.scope)
                where = callers.get(c.scope.fn) or self._bounded_caller(c)
                if where is not None and call is not None and not _memo_made(c.scope.fn, c.node):
                    found.append(_Rewrap(c.node, call, c.what, where, c.statement, self._made_at(c)))
        return found

    def _bounded_caller(self, c: _Candidate) -> str | None:
        """How `c`'s function runs on every pass of a bounded host loop of two or more passes
        that calls it alike on each pass (an unbounded one is `_called_in_loops`'): the call
        passes nothing the loop binds, and the function reads no name the loop binds (a global
        it rebinds), so each pass runs the same code on the same values and the wrapper's new
        callable compiles again for nothing, as `_invariant_in` says of one applied in the loop
        itself (`jax.jit(x.f)` in `_body(x)`, called in `for i in range(3)`). A function given
        the loop's value may build a new configuration from it on each pass (maxtext's
        `build_and_run(fused_mlp=fused_mlp)`, whose `nnx.jit(lambda m, x: m(x))` compiles per
        configuration wherever it is applied), or one `map` calls with each item: not this. A
        callable reading a name the function binds itself is left (what it holds is not
        followed), and so is a decorated local def."""
        fn, wrapped = c.scope.fn, c.wrapped
        if fn is None or wrapped is None or isinstance(wrapped, (cst.FunctionDef, cst.Name)):
            return None
        reads = _read_names(wrapped)
        params = reads & {p.name for p in fn.params}
        if reads & (c.scope.bound - params | set(c.scope.callables) | set(c.scope.lambdas)) or any(_bound_values(fn, p) for p in params):
            return None
        for _caller, callee, _skipped, call, scope, loops in self._host_calls:
            loop = loops[-1] if loops else None
            if callee is not fn or loop is None or not loop.bounded or loop.single:
                continue
            if scope.fn is not None and (scope.traced or scope.fn.contexts):
                continue  # a loop in a traced function runs while tracing
            if isinstance(loop.node, cst.Call):
                continue  # `map(run, modes)`: each pass hands the function the loop's item
            if not (_read_names(call) | _read_names(fn.node.body)) & loop.assigned:
                caller = f"'{scope.fn.name}'" if scope.fn is not None else "the module"
                return f"'{fn.name}', which {caller} calls in a loop"
        return None

    def _made_at(self, c: _Candidate) -> cst.CSTNode | None:
        """Where a candidate's new identity is made, when it is a wrapper application written as
        a call (`f = jax.jit(lambda ...)`), or inside the project function such a call runs
        (`_inner_application`); None for a decorated `def`, whose finding stays at the call:
        the decorator and the `def` are two lines, and the reports disagree which marks it (the
        report corpus's energnn_75 labels the `def`, six others the decorator), where the call
        is one line."""
        wrapped = c.wrapped
        if isinstance(wrapped, cst.FunctionDef) and any(d.decorator is c.node for d in wrapped.decorators):
            return None
        return self._inner_application(c.node, c.scope) or c.node

    def _inner_application(self, node: cst.CSTNode, scope: _Scope) -> cst.Call | None:
        """The one marker application a project function of this module (`eval_func(closure)`,
        `self.eval_func(...)`, `cls.eval_func(...)`) makes on a function it defines itself, on
        every call (gpflow_2074: `tf.function(_tf_eval)`): a call of the project function makes
        its new compiled callable there, where caching it is written."""
        if not isinstance(node, cst.Call):
            return None
        func, fn = node.func, None
        if isinstance(func, cst.Name):
            fn = self._target_function(func, scope)
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and scope.fn is not None and scope.fn.cls is not None:
            if func.value.value in {p.name for p in scope.fn.params[:1]}:  # `self.f`, `cls.f`
                fn = scope.fn.cls.methods.get(func.attr.value)
        if fn is None or isinstance(fn.node, cst.Lambda):
            return None
        sites = [
            n for n in _nodes(fn.node.body) if isinstance(n, cst.Call) and n.args and isinstance(n.args[0].value, cst.Name)
            and n.args[0].value.value in fn.inner and self._applied(n) is not None
        ]
        return sites[0] if len(sites) == 1 else None

    def _configures_nothing(self, c: _Candidate, loop: Loop) -> bool:
        """Whether the callable a candidate wraps on each pass of an unbounded loop holds nothing
        the pass configures, so that the compile on each pass is waste even when an inner loop
        then reuses it: a transform's callable over the pass's primals (arrays: `_, pullback = jax.vjp(f, x)`,
        jax#282), or a callable reading nothing the loop binds (`jax.grad(g)`). One that closes
        over a value the pass binds (`partial(loss, scale=scale)`) is one compile per
        configuration, as a static argument would be (tests/test_rewrapped_per_outer_pass.py)."""
        wrapped = c.wrapped
        if isinstance(wrapped, cst.Name):
            return wrapped.value in loop.pullbacks
        return wrapped is not None and not (_read_names(wrapped) & loop.assigned)

    def _invariant_in(self, c: _Candidate) -> bool:
        """Whether the callable a candidate in a bounded loop wraps depends on nothing that loop
        binds (its target, the names its body assigns), in a loop of two or more passes: a new
        object made for nothing on each pass (a `partial` of the loop's value is one compile
        per configuration). A name the loop defines (`def f` in its body) is read through its
        definition."""
        wrapped = c.wrapped
        if c.loop is None or c.loop.single or wrapped is None:
            return False
        if isinstance(wrapped, cst.Name):
            wrapped = next((
                n for n in _nodes(c.loop.node, statements=True) if isinstance(n, cst.FunctionDef) and n.name.value == wrapped.value
            ), None)
            if wrapped is None:
                return False
        return not (_read_names(wrapped) & c.loop.assigned)


def _made_once(name: str, made: cst.CSTNode, loop: cst.CSTNode) -> bool:
    """Whether `made`, a wrapper application bound to `name` in `loop`, runs only while `name`
    is unset (`if name is None:`, `if not name:`) and nothing else in the loop binds `name`: the
    first pass makes the compiled callable and every later pass calls that one (mlcommons
    algorithmic-efficiency's `if jitted_predict_step is None: jitted_predict_step = jax.jit(...)`)."""
    guards = [n for n in _nodes(loop) if isinstance(n, cst.If) and once_block(n) == name and any(m is made for m in _nodes(n.body))]
    guarded = {id(s) for g in guards for s in _nodes(g.body, statements=True)}
    return bool(guards) and all(id(n) in guarded for n in _nodes(loop, statements=True) if isinstance(n, cst.Assign) and _binds(n, name))
