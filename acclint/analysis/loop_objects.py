"""Objects in a cache key: identities new on every pass, static fields of pytrees, values that cannot
be hashed or compared.

A new object hashed by identity (for a static argument or the callable itself): a `lambda`, a
`def` in the loop, `functools.partial(...)`, a bound method `obj.f`, an instance of a class the
module defines without value equality, a call of a `new_objects` factory (`optax.adam(lr)`;
not a method of what it made: `optim.init(params)` is an optimizer state, a pytree of arrays),
what a factory without decorators makes on each call (`get_config()` whose every return is
`Config(...)`), the callable a transform applied at once returns (`callable_results`: `_, pullback =
jax.vjp(f, x)`), and a name a function's body binds to one of those (new on each call); a
function such an object holds is new with it (`jax.jit(net.apply)`, `net = hk.transform(f)`
in the loop: run, 6 traces in 6 passes).

A field of a pytree argument keyed by value (declared static: flax.struct's
`pytree_node=False`, equinox's `static=True`; under `filter_jit` also one annotated as a Python
scalar) is new on every pass where the loop passes the compiled call's result back (`state =
step(state)`) and the compiled function computes it anew from the argument's own field
(`Module(x=module.x + 1)`, `s.replace(step=s.step + 1)`): a counter stepped inside the trace.
A field declared static that holds an array (given by the constructor, or set by the class's
own `__init__`) cannot be compared: the second lookup raises. A pytree made on each pass with
a new value in a field declared static (the module's pytree classes' declarations, and other
libraries' in `static_fields`: flax's TrainState `tx`, `apply_fn`) is a new key under jax.jit:
`state.replace(tx=optax.adam(lr))`, `TrainState.create(..., tx=...)` (run: 6 traces in 6
passes, framework_runs.py jax_training_objects_rebuilt_per_pass).
"""

from __future__ import annotations

from functools import cached_property

import libcst as cst

from acclint.analysis.arguments import fields_passed, passed
from acclint.analysis.bound_once import bound_once
from acclint.analysis.module_counters import init_sets
from acclint.analysis.scopes import ClassInfo
from acclint.analysis.loop_model import Jitted, JittedCall, KeyChange, Pass, _Scope
from acclint.analysis.loop_helpers import _bound_values, _is_false, _reaching_value, _returned_values, _without_hash


# Methods or decorators that give a class value equality: its instances as static arguments hash
# alike when their fields do.
_VALUE_EQUALITY = frozenset({"__hash__", "__eq__"})
_VALUE_CLASS_DECORATORS = ("dataclass", "struct.dataclass", "dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass")
# Values Python cannot hash: displays and comprehensions of lists, dicts and sets, and the
# builtins that make them.
_UNHASHABLE_DISPLAYS = (
    ((cst.List, cst.ListComp), "a list"), ((cst.Dict, cst.DictComp), "a dict"), ((cst.Set, cst.SetComp), "a set"),
)
_UNHASHABLE_BUILTINS = frozenset({"list", "dict", "set", "bytearray"})
_VALUE_CLASS_BASES = ("NamedTuple", "typing.NamedTuple", "equinox.Module", "flax.struct.PyTreeNode", "enum.Enum")
# Annotations of fields that hold a Python value (not an array leaf).
_PYTHON_SCALARS = frozenset({"int", "float", "bool", "str"})


class NewObjects:
    """`LoopFacts`' part: objects in a cache key: identities new on every pass, static fields of
    pytrees, values that cannot be hashed or compared."""

    def _fed_back(self, call: JittedCall, each: Pass) -> list[KeyChange]:
        """Arguments the loop passes back as the call's own result (`state = step(state)`)
        whose by-value key component the compiled function computes anew from itself: a field
        of a pytree class it keys by value (`_keyed_fields`) that a `return` builds from the
        same field of the parameter (`MyModule(x=module.x + 1, ...)`, `s.replace(step=s.step +
        1)`), not passed back unchanged. A counter stepped inside the trace is new on every pass
        (run: equinox#1062, and `benchmarks`' spellings in tests/test_key_newness.py)."""
        fn = self._function_named(call.callee.value, call.scope) if isinstance(call.callee, cst.Name) else None
        target = self._assigned_to.get(id(call.call))
        if fn is None or target is None or isinstance(fn.node, cst.Lambda) or call.callee is not call.call.func:
            return []
        param = next((p for p, value in passed(call.call, fn).items() if isinstance(value, cst.Name) and value.value == target), None)
        if param is None:
            return []
        found = []
        for returned in (r for r in _returned_values(fn) if isinstance(r, cst.Call)):
            for field_name, value in self._built_fields(returned, param, call.jitted):
                mine = f"{param}.{field_name}"
                if self._code(value) != mine and self._changing(value, {mine}):
                    component = (
                        f"argument '{target}' (its field '{field_name}', keyed by value, which '{fn.name}' computes anew from "
                        f"itself on every call: '{self._code(value)}', and the loop passes back)"
                    )
                    found.append(KeyChange("ACC502", call.call, component, call.callee, each.where, call.statement))
                    return found
        return found

    def _built_fields(self, returned: cst.Call, param: str, jitted: Jitted) -> list[tuple[str, cst.BaseExpression]]:
        """(field, value) for each field a compiled function's result keys by value that the
        call `returned` gives: a call of a pytree class of the module, or `param.replace(...)`
        (flax.struct), whose fields are those some pytree class of the module declares."""
        func = returned.func
        if isinstance(func, cst.Attribute) and func.attr.value == "replace" and isinstance(func.value, cst.Name) and func.value.value == param:
            keyed = set().union(*(self._keyed_fields(cls, jitted) for cls in self.analysis.index.all_classes if self._pytree_class(cls)))
            return [(a.keyword.value, a.value) for a in returned.args if a.keyword is not None and a.keyword.value in keyed]
        cls = self._class_named(func)
        if cls is None or not self._pytree_class(cls) or "__init__" in cls.methods:
            return []
        keyed = self._keyed_fields(cls, jitted)
        return [(name, value) for name, value in _field_values(cls, returned).items() if name in keyed]

    def _keyed_fields(self, cls: ClassInfo, jitted: Jitted) -> set[str]:
        """The fields of a pytree class a compiled call keys by value: those declared static,
        and, where every Python value is keyed by value (`equinox.filter_jit`), those annotated
        as a Python scalar (not a leaf the trace turns into an array)."""
        return {
            name for name, annotation, default in _fields(cls)
            if self._static_field(default) or (jitted.values_keyed and self._code(annotation) in _PYTHON_SCALARS)
        }

    def _unhashable_statics(self, call: JittedCall) -> list[KeyChange]:
        """Static arguments that cannot be hashed (`f(x, [2, 3])`, a non-frozen dataclass): a
        cache keyed by hash has no key for them on any call, so this needs no loop."""
        jitted, found = call.jitted, []
        if jitted.identity == "instance":
            return found  # a library object's own cache (numpyro's MCMC compiles anew for an unhashable key)
        if jitted.unhashable is not None:
            component = f"the wrapped callable ({jitted.unhashable})"
            found.append(KeyChange("ACC502", call.call, component, call.callee, "", call.statement, hashable=False))
        for arg, _index, static in call.placed_args():
            what = self._unhashable(arg.value, call.scope) if static else None
            if what is not None:
                component = f"static argument '{self._code(arg.value)}' ({what})"
                found.append(KeyChange("ACC502", call.call, component, call.callee, "", call.statement, hashable=False))
        return found

    def _array_metadata(self, call: JittedCall, looked_up: bool) -> list[KeyChange]:
        """Arguments of a jitted call whose pytree metadata holds an array: an instance of a
        class whose field declared static (flax.struct's `pytree_node=False`, equinox's
        `eqx.field(static=True)`) is given an array, by its constructor or its own `__init__`.
        jax compares metadata by equality when it looks a call up in its cache, and an array
        cannot be compared: once an entry exists (a call in a loop, or after an earlier call of
        the same callable: `looked_up`) the lookup raises (run: jax 0.10, "arrays cannot be
        passed as metadata fields"; equinox 0.13, "static arguments should be comparable";
        jax#7826, equinox#746)."""
        if not looked_up or call.jitted.identity != "function":
            return []
        found = []
        for arg in call.args:
            made = arg.value
            if isinstance(made, cst.Name):  # a name bound once, in the module or the calling function (`main()`)
                fn = call.scope.fn
                values = self.analysis.index.module_values.get(made.value, []) if fn is None else _bound_values(fn, made.value)
                made = values[0] if len(values) == 1 else made
            cls = self._instance(made, call.scope)
            field_name = self._array_in_static_field(cls, made if isinstance(made, cst.Call) else None) if cls is not None else None
            if field_name is not None:
                component = f"argument '{self._code(arg.value)}' (its static field '{field_name}' holds an array, which cannot be compared)"
                found.append(KeyChange("ACC502", call.call, component, call.callee, "", call.statement, hashable=False))
        return found

    def _array_in_static_field(self, cls: ClassInfo, made: cst.Call | None) -> str | None:
        """The field `cls` declares static (pytree metadata) that holds an array in an instance:
        given one by `made` (a call of the class, whose generated `__init__` takes the fields in
        order) or by the class's own `__init__` (`self.table = np.arange(...)`), or None."""
        if not self._pytree_class(cls):
            return None
        if "__init__" in cls.methods:
            given = dict(init_sets(cls))
        elif made is not None:
            given = _field_values(cls, made)
        else:
            return None
        for name, _annotation, default in _fields(cls):
            value = given.get(name)
            if value is not None and self._static_field(default) and self._array_made(value):
                return name
        return None

    def _pytree_class(self, cls: ClassInfo, named_tuples: bool = False) -> bool:
        """A class whose instances are pytrees with declared metadata: a flax.struct dataclass or
        PyTreeNode, an equinox Module (with `named_tuples`, also a NamedTuple: a pytree whose
        fields are all leaves)."""
        decorated = any(
            self.analysis.resolve(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) == "flax.struct.dataclass"
            for d in cls.node.decorators
        )
        bases = ("flax.struct.PyTreeNode", "equinox.Module") + (("typing.NamedTuple", "NamedTuple") if named_tuples else ())
        return decorated or any(self.analysis.resolve(b) in bases for b in cls.bases)

    def _number_field(self, name: str) -> bool:
        """Whether the pytree classes of the module declaring a field `name` all annotate it a
        Python number (`step: int`, `noise: float`), and one does: a leaf the key holds by
        value where non-array leaves are keyed (`eqx.filter_jit`), not an array's shape."""
        annotations = [a for cls in self.analysis.index.all_classes if self._pytree_class(cls) for n, a, _ in _fields(cls) if n == name]
        return bool(annotations) and all(isinstance(a, cst.Name) and a.value in ("int", "float") for a in annotations)

    def _static_field(self, default: cst.BaseExpression | None) -> bool:
        """A field declaration that makes the field metadata: `field(pytree_node=False)`
        (flax.struct, dataclasses), `eqx.field(static=True)`, `eqx.static_field()`."""
        if not isinstance(default, cst.Call):
            return False
        callee = self.analysis.resolve(default.func)
        keywords = {a.keyword.value: a.value for a in default.args if a.keyword is not None}
        if callee in ("flax.struct.field", "dataclasses.field"):
            return _is_false(keywords.get("pytree_node"))
        if callee == "equinox.field":
            return _is_true(keywords.get("static"))
        return callee == "equinox.static_field"

    def _array_made(self, expr: cst.BaseExpression) -> bool:
        """An array made by an array constructor or a shape maker, also through arithmetic
        (`jnp.ones(3) * i`)."""
        if isinstance(expr, cst.BinaryOperation):
            return self._array_made(expr.left) or self._array_made(expr.right)
        if isinstance(expr, cst.UnaryOperation):
            return self._array_made(expr.expression)
        if not isinstance(expr, cst.Call):
            return False
        callee = self.analysis.resolve(expr.func)
        return callee in self.tables.array_constructors or callee in self.tables.shape_makers

    def _unhashable(self, expr: cst.BaseExpression, scope: _Scope) -> str | None:
        """What unhashable value `expr` is (a list, dict or set, by display, comprehension or
        builtin call, also through a name bound once to a display; an array, `StormTables.
        array_makers`, also through a name bound once to one where it is read: `bound_once`; an
        instance of a module class Python leaves without `__hash__`), or None."""
        expr = self._literal(expr, scope) or expr
        if isinstance(expr, cst.Name):  # a name bound once (module-level, or in a script's `main()`)
            expr = bound_once(expr.value, scope.fn, self.analysis) or expr
        for kinds, what in _UNHASHABLE_DISPLAYS:
            if isinstance(expr, kinds):
                return what
        if isinstance(expr, cst.Call) and (self.analysis.resolve(expr.func) or "") in self.tables.array_makers and not self._draws_a_number(expr):
            return "an array, which has no hash"
        if isinstance(expr, cst.Call) and self.analysis.resolve(expr.func) in _UNHASHABLE_BUILTINS:
            return f"a {self.analysis.resolve(expr.func)}"
        cls = self._instance(expr, scope)
        if cls is not None and _without_hash(cls, self.analysis):
            return f"a '{cls.name}' object, without __hash__"
        return None

    def _new_object(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """What new object, hashed by identity, `expr` makes on each evaluation, or None."""
        made = self._factory_made(expr)
        if made is not None:
            return made
        if isinstance(expr, cst.Name):
            return "a new object each pass" if expr.value in each.fresh else None
        if isinstance(expr, cst.Call):
            cls = self._class_named(expr.func) or self._factory_class(expr.func)
            if cls is not None and not self._value_equality(cls):
                return f"a new '{cls.name}' object, hashed by identity"
            return None
        if isinstance(expr, cst.Attribute) and self._bound_method(expr):
            return "a new bound method"
        return None

    def _factory_class(self, func: cst.BaseExpression) -> ClassInfo | None:
        """The module class of which a call of `func` makes a new instance on every call: a
        module function, or a classmethod called through its class (`Cfg.default()`), without
        decorators (`functools.lru_cache` hands back one object), every `return` of which gives
        a call of that class (`return cls(4)` in the classmethod), directly or through the name
        it last bound to one (run: 8 calls of a jit static in `get_config()`, 8 traces)."""
        owner = self._class_named(func.value) if isinstance(func, cst.Attribute) else None
        fn = owner.methods.get(func.attr.value) if owner is not None else self._module_function(func)  # type: ignore[attr-defined]
        if fn is None or not isinstance(fn.node, cst.FunctionDef):
            return None
        decorators = [self.analysis.resolve(d.decorator) for d in fn.node.decorators]
        if decorators != (["classmethod"] if owner is not None else []):
            return None
        made: set[str] = set()
        for value in _returned_values(fn):
            value = _reaching_value(fn, value) if isinstance(value, cst.Name) else value
            if not isinstance(value, cst.Call) or not isinstance(value.func, cst.Name):
                return None
            if owner is not None and fn.params and value.func.value == fn.params[0].name:
                made.add(owner.name)
            elif value.func.value in self.analysis.index.classes:
                made.add(value.func.value)
            else:
                return None
        return self.analysis.index.classes[made.pop()] if len(made) == 1 else None

    def _factory_made(self, expr: cst.BaseExpression) -> str | None:
        """A new identity-hashed object no module class makes: a `lambda`, or a call of a
        `new_objects` factory (`optax.adam(lr)`)."""
        if type(expr) is cst.Lambda:
            return "a new lambda"
        callee = self.analysis.resolve(expr.func) if isinstance(expr, cst.Call) else None
        if callee is not None and "()." not in callee and any(callee == p or (p.endswith(".") and callee.startswith(p)) for p in self.tables.new_objects):
            # the factory itself: what a method of the object it made returns (`optim.init(
            # params)`, an optimizer state) is that library's data, a pytree of arrays
            return "a new object each call"
        return None

    def _built_around(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """How `expr`, an argument whose every non-array leaf is keyed (`equinox.filter_jit`),
        is an object made around a new one on every pass: a call given one (`dfx.ODETerm(
        vector_field)` with `vector_field` defined on each call), whose leaf is then new in the
        key; or None."""
        if not isinstance(expr, cst.Call):
            return None
        for arg in expr.args:
            made = self._new_object(arg.value, each)
            if made is not None:
                return f"'{self._code(expr)}' (built around '{self._code(arg.value)}', {made})"
        return None

    def _holding(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """How `expr` is an object built around a new factory-made one on every pass (a call
        given one, or a name the loop binds to such a call), or None. A module class's new
        instance is no such argument: `nnx.Optimizer(model, tx)` holds `model` as graph state."""
        if isinstance(expr, cst.Name):
            return "built around a new object each pass" if expr.value in each.holding else None
        if isinstance(expr, cst.Call):
            given = next((a.value for a in expr.args if self._factory_made(a.value) is not None), None)
            return f"built around '{self._code(given)}', a new object each call" if given is not None else None
        return None

    def _static_field_given(self, expr: cst.BaseExpression, each: Pass) -> str | None:
        """How `expr`, a pytree, holds in a field declared static (metadata, in the key by hash)
        a value new on every pass, or None: a call making one given such a value at that field's
        keyword (`TrainState.create(..., tx=optax.sgd(lr))`, `state.replace(tx=optax.adam(lr))`,
        `Holder(fn=lambda v: v)` of a flax.struct class of the module), or a name the loop binds
        to one. Static fields are those the module's pytree classes declare and
        `static_fields` lists for other libraries' (run: framework_runs.py
        jax_training_objects_rebuilt_per_pass: 6 traces in 6 passes each)."""
        if isinstance(expr, cst.Name):
            return "built around a new object each pass" if expr.value in each.static_held else None
        if not isinstance(expr, cst.Call):
            return None
        fields = self._static_fields_of(expr.func)
        for arg in expr.args:
            if arg.keyword is None or arg.keyword.value not in fields:
                continue
            what = self._new_value(arg.value, each, static=True)
            if what is not None:
                return f"its static field '{arg.keyword.value}' given {what}"
        return None

    def _static_fields_of(self, func: cst.BaseExpression) -> frozenset[str]:
        """The fields declared static of the pytree a call of `func` makes: a pytree class of the
        module (its dataclass fields), another library's (`static_fields`, also through a
        classmethod: `TrainState.create`), or, for `x.replace(...)` of a value of unknown class,
        any of those."""
        cls = self._class_named(func)
        if cls is not None:
            return frozenset(name for name, _, default in _fields(cls) if self._static_field(default)) if self._pytree_class(cls) else frozenset()
        callee = self.analysis.resolve(func) or ""
        for owner, names in self.tables.static_fields.items():
            if callee == owner or callee.startswith(owner + "."):
                return names
        if isinstance(func, cst.Attribute) and func.attr.value == "replace":
            return self._all_static_fields
        return frozenset()

    @cached_property
    def _all_static_fields(self) -> frozenset[str]:
        own = (
            name for cls in self.analysis.index.all_classes if self._pytree_class(cls)
            for name, _, default in _fields(cls) if self._static_field(default)
        )
        return frozenset(own).union(*self.tables.static_fields.values())

    def _class_named(self, func: cst.BaseExpression) -> ClassInfo | None:
        return self.analysis.index.classes.get(func.value) if type(func) is cst.Name else None

    def _value_equality(self, cls: ClassInfo) -> bool:
        if _VALUE_EQUALITY & set(cls.methods):
            return True
        for decorator in cls.node.decorators:
            expr = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
            if (self.analysis.resolve(expr) or "").endswith(_VALUE_CLASS_DECORATORS):
                return True
        return any((self.analysis.resolve(base) or "").endswith(_VALUE_CLASS_BASES) for base in cls.bases)

    def _bound_method(self, expr: cst.Attribute) -> bool:
        """`obj.f` of an object (not a module): a new bound method object on each access."""
        root: cst.BaseExpression = expr.value
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or root.value in self._imported:
            return False
        name = expr.attr.value
        return name in self.tables.bound_methods or any(name in cls.methods for cls in self.analysis.index.all_classes)


def _fields(cls: ClassInfo) -> list[tuple[str, cst.BaseExpression, cst.BaseExpression | None]]:
    """(name, annotation, default) of each field a dataclass-like class declares, in order."""
    return [
        (n.target.value, n.annotation.annotation, n.value) for line in cls.node.body.body if isinstance(line, cst.SimpleStatementLine)
        for n in line.body if isinstance(n, cst.AnnAssign) and isinstance(n.target, cst.Name)
    ]


def _field_values(cls: ClassInfo, made: cst.Call) -> dict[str, cst.BaseExpression]:
    """What a call of a dataclass-like class (its generated `__init__`, fields in order) gives
    each field."""
    return fields_passed(made, [name for name, _annotation, _default in _fields(cls)])


def _is_true(expr: cst.BaseExpression | None) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "True"
