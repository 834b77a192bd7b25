"""What the cache-key walk records at an assignment and at a call: names bound to compiled callables,
objects that own or hold one, wrapper applications waiting to learn whether they are called.

Compiled callables are also made where no wrapper is written: JAX's control-flow primitives
called from host code (`[cache_key] compiles_functions`: `lax.scan`, `lax.fori_loop`,
`lax.while_loop`, `lax.cond`, `lax.switch`, `lax.map`) trace and compile the functions they are
given, cached on them, so each is a wrapper applied and called at once on each function
argument; `lax.map` (`compiles_every_call`) wraps that function in a closure of its own on
every call and compiles whatever it is given (run: framework_runs.py
jax_primitives_called_on_host). They are written mostly in functions traced from elsewhere (a
model's layers, an environment's `step` jitted by its caller), so such a call counts only where a
loop at module level (a script's, a notebook's) runs it and no trace reaches its function: read
in every loop, they added 28 findings on the real-code benchmark, most in traced code. `vmap`, `grad` and `checkpoint` applied and called from host code
run op by op and compile nothing per call.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Iterable

import libcst as cst

from acclint.analysis.arguments import passed
from acclint.frameworks.markers import Marker
from acclint.analysis.reach import Options
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.taint import element_pairs
from acclint.analysis.loop_model import Jitted, JittedCall, Loop, _Candidate, _Owned, _Scope
from acclint.analysis.loop_helpers import _ITEMS, _attribute_key, _bind_jitted, _bind_target, _got_from, _nodes, _string, _target_names, _without_hash


# Methods that put what they are given in their container (`_filled`).
_FILLING = frozenset({"append", "extend", "insert", "add", "update", "setdefault"})


class LoopBindings:
    """`LoopFacts`' part: what the cache-key walk records at an assignment and at a call: names
    bound to compiled callables, objects that own or hold one, wrapper applications waiting
    to learn whether they are called."""

    def _own_method(self, method: FunctionInfo, jitted: Jitted, decorator: cst.CSTNode) -> None:
        """A decorated method whose compiled callable is each instance's own: a wrapper that
        keeps its cache in the object it makes (one per instance, through the descriptor), or
        a jit holding `self` static (hashed by identity, or by value where the class has value
        equality: new only where made from a new value, `_new_value_each_pass`)."""
        cls: ClassInfo = method.cls  # type: ignore[assignment]
        if jitted.identity == "wrapper":
            what = f"the method '{cls.name}.{method.name}' (keeping a cache per object)"
            self._owned[(cls, method.name)] = _Owned(decorator, what)
        elif jitted.identity == "function" and 0 in jitted.static_positions:
            self._owned[(cls, method.name)] = _Owned(decorator, "", static_self=True)

    def _own_attribute(self, target: cst.BaseExpression, application: cst.Call, scope: _Scope, marker: str, options: Options) -> None:
        """`self.attr = wrapper(c)` in `__init__` with `c` new per instance (a bound method
        `self.f`, a lambda, a local def; any callable for a wrapper that keeps its own cache):
        each instance owns a new compiled callable."""
        fn = scope.fn
        if not (
            fn is not None and fn.cls is not None and fn.name == "__init__"
            and isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == fn.instance_param
        ):
            return
        jitted = self._jitted(marker, options, None, application)
        wrapped = application.args[0].value
        if jitted.identity == "code":
            return
        what = self._fresh_callable(wrapped, scope, None)
        if what is None and jitted.identity == "wrapper":
            what = f"'{self._code(wrapped)}' (each {self._code(application.func)} object keeps its own cache)"
        if what is not None:
            self._owned[(fn.cls, target.attr.value)] = _Owned(application, f"{what} in '{fn.cls.name}.__init__'")

    def _hold_attribute(self, target: cst.BaseExpression, application: cst.Call, scope: _Scope, marker: str, options: Options) -> None:
        """`self.attr = wrapper(f, ...)` in a method: the object holds a compiled callable whose
        key is `f`'s (the parameters a bound method `self._m` is called with exclude `self`, so
        its static positions are taken as written)."""
        fn = scope.fn
        if not (
            fn is not None and fn.cls is not None and isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name) and target.value.value == fn.instance_param
        ):
            return
        wrapped = application.args[0].value
        function = self._target_function(wrapped, scope) if isinstance(wrapped, cst.Name) else None
        self._held[(fn.cls, target.attr.value)] = self._jitted(marker, options, function, application)

    def _wrapper_applied(self, value: cst.BaseExpression) -> tuple[str, Options] | None:
        """The wrapper (`jax.jit`) and its options where `value` applies one to a callable."""
        found = self._applied(value) if isinstance(value, cst.Call) and value.args else None
        return (found[0].name, found[1]) if found is not None and found[0].name in self.tables.wrappers else None

    def _assign(self, node: cst.Assign, scope: _Scope, loops: tuple[Loop, ...]) -> None:
        # Each target bound to a wrapper application of its own: `a = jax.jit(f)`, and
        # element-wise `a, b = jax.jit(f), jax.jit(g)`.
        applications = [
            (target, value, found) for target, value in (element_pairs(node.targets[0].target, node.value) if len(node.targets) == 1 else ())
            if (found := self._wrapper_applied(value)) is not None
        ]
        for target, application, (marker, options) in applications:
            self._own_attribute(target, application, scope, marker, options)
            self._hold_attribute(target, application, scope, marker, options)
        self._object_attributes(node, scope)
        unbounded = [loop for loop in loops if not loop.bounded]
        if unbounded:
            each = self._pass_of(loops, "")
            for target, value in self._pairs(node):
                if self._resized(value, each) is not None:
                    unbounded[-1].resized.add(target)
                elif self._changing(value, each.changing, scope=scope) or self._extreme_of_data(value, each):
                    unbounded[-1].changing.add(target)
            if self._data_sized(node.value, each):  # `senders, receivers = np.nonzero(d < cutoff)`
                unbounded[-1].resized |= _target_names(node)
            unbounded[-1].resized |= self._unpacked_resized(node, each)
            for target in node.targets:  # `hp["lr"] = value`
                if isinstance(target.target, cst.Subscript):
                    self._filled(target.target.value, (node.value,), loops, scope)
        jitted_names: set[cst.Name] = set()
        for target, application, (marker, options) in applications:
            if isinstance(target, cst.Name):
                _bind_jitted(scope, target.value, self._application(application, marker, options, scope, target.value))
                jitted_names.add(target)
        single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
        if single:
            self._bind_items_and_lambdas(node.targets[0].target.value, node.value, scope)  # type: ignore[attr-defined]
        held = self._denoted(node.value, scope) if single and not jitted_names and type(node.value) is not cst.Name else None
        if held is not None:  # `step = get()`, `g = partial(jitted, 1.0)`, `step = fns["a"]`
            _bind_jitted(scope, node.targets[0].target.value, held)  # type: ignore[attr-defined]
            jitted_names.add(node.targets[0].target)  # type: ignore[arg-type]
        if single and type(node.value) is cst.Name:  # `g = f`: `g` holds what `f` holds
            self._alias(node.targets[0].target, node.value.value, scope, loops, jitted_names)  # type: ignore[arg-type]
        for target in node.targets:
            _bind_target(target.target, scope, skip=jitted_names)
        for target, value in self._pairs(node):  # `model = Net()`, also `a, b = Net(), Net()`
            cls = self._class_named(value.func) if isinstance(value, cst.Call) else None
            if cls is not None:
                scope.instances[target] = cls
                for loop in loops:
                    loop.built[target] = value  # type: ignore[assignment]
        if not single:
            scope.strings.update((name, False) for name in _target_names(node))
            self._unpacked_callables(node, scope, loops)
            return
        name, value = node.targets[0].target.value, node.value  # type: ignore[attr-defined]
        scope.strings[name] = scope.strings.get(name, True) and _string(value)
        if scope.fn is not None:
            scope.literals[name] = value if name not in scope.literals and self._literal_value(value, scope) else None
        self._assigned_to[id(value)] = name
        if type(value) in (cst.Dict, cst.List, cst.Tuple):  # `fns = {"a": jax.jit(lambda ...)}`, called as `fns["a"](x)`
            for element in value.elements:  # type: ignore[attr-defined]
                if isinstance(element, (cst.DictElement, cst.Element)) and isinstance(element.value, cst.Call):
                    self._assigned_to[id(element.value)] = name + _ITEMS
        made = self._made_by(value, loops, scope)
        for bindings in [loop.made for loop in loops] or ([scope.made] if scope.fn is not None else []):
            if made is not None:
                bindings[name] = made
            else:
                bindings.pop(name, None)
        unbounded = [loop for loop in loops if not loop.bounded]
        made = self._fresh_callable(value, scope, unbounded[-1] if unbounded else None)
        if made is not None and scope.fn is not None:
            scope.callables[name] = made
        if unbounded:
            loop = unbounded[-1]
            each = self._pass_of(loops, "")
            if made is not None or self._new_object(value, each) is not None:
                loop.fresh.add(name)
            if self._holding(value, each) is not None:
                loop.holding.add(name)
            if self._static_field_given(value, each) is not None:
                loop.static_held.add(name)

    def _application(self, application: cst.Call, marker: str, options: Options, scope: _Scope, bound: str | None = None) -> Jitted:
        """The compiled callable a wrapper application makes, keyed through what it wraps.
        `bound`: the name it is bound to, whose attribute writes reach the wrapped module
        (`compiled.k = i`: 8 graphs in 10 calls, torch_compile_container_structure_per_pass)."""
        wrapped = application.args[0].value
        instance = self._instance(wrapped, scope)
        holders = [self._code(wrapped)] if isinstance(wrapped, cst.Name) else []
        jitted = self._jitted(
            marker, options, self._target_function(wrapped, scope), application, instance, (holders + [bound])[0],
        )
        if bound is not None and holders and jitted.guarded_globals:
            jitted = replace(jitted, guarded_globals=jitted.guarded_globals | {
                bound + read[len(holders[0]):] for read in jitted.guarded_globals if read.startswith(holders[0] + ".")})
        if instance is not None and jitted.identity == "function" and not (jitted.values_keyed or jitted.graph_static) and _without_hash(instance, self.analysis):
            # `jax.jit(obj)` hashes `obj` at the call (run: a non-frozen dataclass raises
            # `TypeError: unhashable type`, a class defining `__eq__` alone fails too; jax 0.10.2)
            jitted = replace(jitted, unhashable=f"a '{instance.name}' object, without __hash__")
        return jitted

    def _object_attributes(self, node: cst.Assign, scope: _Scope) -> None:
        """`box.step = jax.jit(f)` on a name other than a method's own object (whose attributes
        `_hold_attribute` keeps by class), and `fns[k] = jax.jit(f)`: `box.step`, or an item of
        `fns`, holds that compiled callable where the name's scope sees it; bound to anything
        else too, it holds none for sure."""
        if len(node.targets) != 1 or type(node.targets[0].target) is cst.Name:
            return  # (a name is its own one target: no attribute, no item; most assignments)
        own = scope.fn.instance_param if scope.fn is not None else None
        for target, value in element_pairs(node.targets[0].target, node.value):
            if type(target) is cst.Attribute and type(target.value) is cst.Name and target.value.value == own:
                self._keep(target.attr.value, value, scope)
                continue
            if type(target) is cst.Attribute and type(target.value) is cst.Name:
                key = _attribute_key(target)
            elif type(target) is cst.Subscript and type(target.value) is cst.Name:
                key = target.value.value + _ITEMS
            else:
                continue
            held = self._denoted(value, scope)
            if held is not None:
                _bind_jitted(scope, key, held)
            elif key.endswith(_ITEMS) and key in scope.jitted:
                scope.jitted[key] = None
            else:
                scope.bound.add(key)

    def _keep(self, attribute: str, value: cst.BaseExpression, scope: _Scope) -> None:
        """`self.step_fn = step_fn` in a method, `step_fn` its parameter: the object keeps what
        the method is given (`_kept`); bound to anything else too, nothing for sure."""
        key = (scope.fn.cls, attribute)  # type: ignore[union-attr]
        param = isinstance(value, cst.Name) and any(p.name == value.value for p in scope.fn.params)  # type: ignore[union-attr]
        self._kept[key] = (value, scope) if param and key not in self._kept else None  # type: ignore[assignment]

    def _bind_items_and_lambdas(self, name: str, value: cst.BaseExpression, scope: _Scope) -> None:
        """`fns = [jax.jit(f), jax.jit(g)]` (a list, tuple or dict display whose every item is
        a compiled callable of one key): an item of `fns` is that compiled callable (`fns[k](x)`,
        `for fn in fns`); `go = lambda v: step(v, 2)`: a call of `go` runs the lambda. Bound to
        anything else too, the name holds neither for sure."""
        items = name + _ITEMS
        item = self._items_compiled(value, scope) if type(value) in (cst.List, cst.Tuple, cst.Dict) else None
        if item is not None:
            _bind_jitted(scope, items, item)
        elif items in scope.jitted and not (isinstance(value, (cst.List, cst.Tuple, cst.Dict)) and not value.elements):
            scope.jitted[items] = None  # (an empty display holds no item: `fns = {}` then `fns[k] = jax.jit(f)`)
        if type(value) is cst.Lambda:
            scope.lambdas[name] = self.analysis.index.by_node.get(value) if name not in scope.lambdas else None
        elif name in scope.lambdas:
            scope.lambdas[name] = None

    def _items_compiled(self, display: cst.List | cst.Tuple | cst.Dict, scope: _Scope) -> Jitted | None:
        """The compiled callable every item of a display is (one key for all), or None."""
        if not display.elements or any(isinstance(e, (cst.StarredElement, cst.StarredDictElement)) for e in display.elements):
            return None
        found = [self._denoted(e.value, scope) for e in display.elements]  # type: ignore[union-attr]
        return found[0] if found[0] is not None and all(f == found[0] for f in found) else None

    def _iterated_compiled(self, target: cst.BaseAssignTargetExpression, iterable: cst.BaseExpression, scope: _Scope) -> cst.Name | None:
        """`for fn in fns` over a container of compiled callables (`_bind_items_and_lambdas`;
        also `fns.values()`, and `fn` of `for k, fn in fns.items()` or `enumerate(fns)`): binds
        the name to that compiled callable and gives it, or None."""
        held, name = iterable, target
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value in ("values", "items") and not iterable.args:
            held = iterable.func.value
            pair = iterable.func.attr.value == "items"
        else:
            pair = isinstance(iterable, cst.Call) and len(iterable.args) == 1 and self.analysis.resolve(iterable.func) == "enumerate"
            held = iterable.args[0].value if pair else iterable  # type: ignore[union-attr]
        if pair:
            name = target.elements[1].value if isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2 else None  # type: ignore[assignment]
        if not (isinstance(held, cst.Name) and isinstance(name, cst.Name)):
            return None
        item = self._lookup(held.value + _ITEMS, scope, held.value)
        if item is None:
            return None
        _bind_jitted(scope, name.value, item)
        return name

    def _alias(self, target: cst.Name, name: str, scope: _Scope, loops: tuple[Loop, ...], jitted_names: set[cst.Name]) -> None:
        """`target = name`: the alias calls the compiled callable `name` holds (its key is looked
        up as the callable's), and a callable each pass makes anew is called through it."""
        jitted = self._lookup(name, scope)
        if jitted is not None:
            _bind_jitted(scope, target.value, jitted)
            jitted_names.add(target)
        for loop in loops:
            loop.aliases[target.value] = loop.aliases.get(name, name)

    def _unpacked_callables(self, node: cst.Assign, scope: _Scope, loops: tuple[Loop, ...]) -> None:
        """`_, pullback = jax.vjp(f, x)`: the name unpacked from a transform's new callable
        (`callable_results`) is a new callable on every pass, and on every call of the function."""
        target = node.targets[0].target if len(node.targets) == 1 else None
        value = node.value
        if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, cst.Call)):
            return
        callee = self.analysis.resolve(value.func)
        position = self.tables.callable_results.get(callee) if callee is not None else None
        if position is None or position >= len(target.elements) or any(isinstance(e, cst.StarredElement) for e in target.elements):
            return
        name = target.elements[position].value
        if not isinstance(name, cst.Name):
            return
        made = f"the callable '{callee}(...)' returns (a new one on each call)"
        if scope.fn is not None:
            scope.callables[name.value] = made
        unbounded = [loop for loop in loops if not loop.bounded]
        if unbounded:
            unbounded[-1].fresh.add(name.value)
            unbounded[-1].pullbacks.add(name.value)

    def _call(self, node: cst.Call, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        if type(node.func) is cst.Call:
            self._called_at_once[id(node.func)] = node
        elif type(node.func) is cst.Attribute and type(node.func.value) is cst.Call and node.func.attr.value in self.tables.lowering:
            self._called_at_once[id(node.func.value)] = node  # `jax.jit(f).lower(x)` traces it as a call would
        if scope.traced:  # runs once per trace: no compiled call here is made per pass of a host loop
            return
        unbounded = [loop for loop in loops if not loop.bounded]
        found = self._applied(node)
        wrapper = found is not None and found[0].name in self.tables.wrappers and bool(node.args)
        if type(node.func) is cst.Attribute and type(node.func.value) is cst.Name and node.func.attr.value in self._in_place_tails:
            self._compile_in_place(node, node.func.value, scope)
        # Uses of a name on this pass: calls, and hand-overs (`measure(kernel_fn)` runs it too);
        # a wrapper applied to a name only makes a new callable of it. (Kept by the loops around.)
        used = [node.func.value] if loops and type(node.func) is cst.Name else []
        if loops and type(node.func) is cst.Attribute and type(node.func.value) is cst.Name:
            used.append(_attribute_key(node.func))  # `t.step(x)`: a method of an object made on the pass
        if loops and type(node.func) is cst.Subscript and type(node.func.value) is cst.Name:
            used.append(node.func.value.value + _ITEMS)  # `fns["a"](x)`: an item of a display the pass made
        if loops and not wrapper:
            used += [arg.value.value for arg in node.args if type(arg.value) is cst.Name]
        for name in used:
            loops[-1].called.setdefault(name, []).append(node)
            for loop in loops[:-1]:
                loop.called_nested.add(name)
        if unbounded and isinstance(node.func, cst.Attribute) and node.func.attr.value in _FILLING:
            self._filled(node.func.value, node.args, loops, scope)
        target = self._called_function(node.func, scope)
        if target is not None:
            self._host_calls.append((scope.fn, *target, node, scope, loops))
            if loops:
                self._handed_to_run(node, *target)
        if wrapper:
            # the innermost unbounded loop, else a bounded one (a storm there only when what is
            # wrapped reads nothing the loop binds: `_invariant_in`)
            loop = (unbounded or loops or (None,))[-1]
            identity = self._jitted(found[0].name, found[1], None, node).identity  # type: ignore[index]
            if identity != "code":
                owner = self.analysis.module.code_for_node(node.func) if identity == "wrapper" else ""
                what = self._fresh_callable(node.args[0].value, scope, loop, owner)
                called = id(node) in self._called_at_once
                if what is not None and (called or id(node) in self._assigned_to):
                    self._candidates.append(_Candidate(
                        node, what, None if called else self._assigned_to[id(node)], loop, scope, statement, node.args[0].value,
                    ))
        elif type(node.func) is cst.Name and not self._shadowed(node.func.value, scope) and self._makes_compiled(node.func.value):
            # `train_step()(x)`, `step = make_step(lr)`: a new compiled callable, as a wrapper
            # applied here would make (a bounded loop: `_invariant_in` reads the call's arguments)
            called = id(node) in self._called_at_once
            if called or id(node) in self._assigned_to:
                self._candidates.append(_Candidate(
                    node, f"the compiled callable '{self._code(node)}' makes (a new one on each call)",
                    None if called else self._assigned_to[id(node)], (unbounded or loops or (None,))[-1], scope, statement, node,
                ))
        elif (entry := self._entry_point(node.func)) is not None:
            self.calls.append(JittedCall(node, node.func, tuple(node.args), entry, loops, scope, statement))
        elif type(node.func) is cst.Attribute and node.func.attr.value in self._method_tails and (method := self._compiled_method(node, scope)) is not None:
            self.calls.append(JittedCall(node, node.func, tuple(node.args), method, loops, scope, statement))
        elif found is not None and self._compiles_functions(found[0].name):
            # the primitive, or a function that hands its callable parameter to one (the
            # wrapper inference maps the marker's positions onto that function's parameters)
            self._compiled_at_once(node, found[0], scope, loops, statement)
        # every named call, module level included: an unhashable static argument needs no loop;
        # and a call of what another call gives back (`make()(x)`, `partial(jax.jit(f), b=1)(x)`)
        if type(node.func) in (cst.Name, cst.Subscript) or self.analysis.resolve(node.func) in self.tables.callers or (
            type(node.func) is cst.Call and node.func.args and type(node.func.args[0].value) is cst.Name
            and self._transformed(node.func, node.func.args[0].value.value)
        ) or type(node.func) is cst.Call and self._applied(node.func) is None or _got_from(node.func) is not None:
            self._pending.append((node, loops, scope, statement))
        elif (unbounded or scope.fn is not None) and isinstance(node.func, cst.Attribute):
            self._attribute_calls.append((node, loops, scope, statement))

    @cached_property
    def _in_place_tails(self) -> frozenset[str]:
        """The method names of the markers that compile their object in place (`compile`)."""
        return frozenset(name.rsplit(".", 1)[-1] for name in self.tables.compiles_in_place)

    def _compile_in_place(self, node: cst.Call, obj: cst.Name, scope: _Scope) -> None:
        """`model.compile()`: the instance `obj` names (of a module class) is a compiled module from
        here on, keyed as `torch.compile(model)` keys it (its `forward`'s guards included), where the
        scope binding the name calls it."""
        found = self.analysis.applied_marker(node, scope.fn)  # the receiver's class, looked up where it is bound
        instance = self._instance(obj, scope) if found is not None and found[0].name in self.tables.compiles_in_place else None
        if instance is not None:
            jitted = self._jitted(found[0].name, found[1], None, node, instance, obj.value)  # type: ignore[index]
            owner = self._binding_scope(obj.value, scope)
            self._in_place[(owner.fn, obj.value)] = jitted

    def _binding_scope(self, name: str, scope: _Scope) -> _Scope:
        """The scope around `scope` (itself included) that binds `name`, else the module's."""
        current: _Scope | None = scope
        while current is not None and current.fn is not None:
            if name in current.bound:
                return current
            current = self._scopes.get(current.fn.parent)
        return self._scopes[None]

    def _handed_to_run(self, node: cst.Call, fn: FunctionInfo, skipped: int) -> None:
        """A wrapper application `node` gives a module function `fn` whose body calls that
        parameter once, in no loop of its own, is run on the pass that made it, by that call
        (`epoch(jax.jit(lambda v: ...), x)`): as one called at once. One `fn` calls in a loop of
        its own is reused there, one it only keeps is not run."""
        for name, given in passed(node, fn, bound=skipped > 0).items():
            found = self._applied(given) if isinstance(given, cst.Call) else None
            if found is None or found[0].name not in self.tables.wrappers:
                continue
            calls = [n for n in _nodes(fn.node) if type(n) is cst.Call and type(n.func) is cst.Name and n.func.value == name]
            looping = [n for n in _nodes(fn.node) if isinstance(n, (cst.For, cst.While, cst.CompFor))]
            if len(calls) == 1 and not any(calls[0] in set(_nodes(loop)) for loop in looping):
                self._called_at_once[id(given)] = calls[0]

    def _filled(self, container: cst.BaseExpression, given: Iterable[cst.Arg | cst.BaseExpression], loops: tuple[Loop, ...], scope: _Scope) -> None:
        """A container the pass puts a new value in (`dims.append(i + 1)`, `opts.extend([i])`,
        `hp["lr"] = 0.1 / (i + 1)`; not an array, keyed by its shape where a Python value is by
        value: `_an_array`) holds a new value from then on: new on every pass of the innermost
        unbounded loop, as a display of that value would be."""
        if not isinstance(container, cst.Name):
            return
        changing = self._pass_of(loops, "").changing
        values = [v.value if isinstance(v, cst.Arg) else v for v in given]
        if any(self._changing(v, changing) and not self._an_array(v, loops, scope) for v in values):
            [loop for loop in loops if not loop.bounded][-1].changing.add(container.value)

    def _compiled_at_once(self, node: cst.Call, marker: Marker, scope: _Scope, loops: tuple[Loop, ...], statement: cst.BaseStatement) -> None:
        """A primitive called from host code that compiles the functions it is given (`lax.scan(f,
        ...)`): a compiled callable keyed by each function's identity, applied and called at
        once. Given a callable new on each pass (a branch of a list, `lax.switch(i, [f, g],
        x)`, counts), it is a candidate as `jax.jit(f)(x)` is; one that wraps what it is given
        anew on every call (`compiles_every_call`: `lax.map`) is one whatever it is given.
        These primitives are written mostly in functions something traces (a model's layers, an
        environment's `step`, jitted by a caller in another module): a call in a function any
        trace reaches is skipped, and the rest count only where a loop at module level runs
        them (`primitive`): on the real-code benchmark, loops inside functions added 28
        findings, most in code traced from elsewhere."""
        fn = scope.fn
        while fn is not None:
            if fn.contexts:
                return
            fn = fn.parent
        every = marker.name in self.analysis.markers.framework({marker.name}).cache_key.compiles_every_call
        loop = ([loop for loop in loops if not loop.bounded] or loops or (None,))[-1]
        positional = [a.value for a in node.args if a.keyword is None and not a.star]
        given = [positional[i] for i in marker.fun if i < len(positional)]
        given += [a.value for a in node.args if a.keyword is not None and a.keyword.value in marker.keywords]
        for value in given:
            for one in [e.value for e in value.elements] if isinstance(value, (cst.List, cst.Tuple)) else [value]:
                what = self._fresh_callable(one, scope, loop)
                if what is None and every:
                    what = f"'{self._code(one)}' in a closure '{marker.name}' makes on each call"
                if what is not None:
                    self._called_at_once[id(node)] = node
                    self._candidates.append(_Candidate(node, what, None, loop, scope, statement, one, primitive=True))
                    return
