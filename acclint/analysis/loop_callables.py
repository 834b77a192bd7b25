"""What a name or an expression denotes as a compiled callable, and what its cache keys on.

A library's compiled entry points are compiled callables too (`MarkerTable.compiled`, the
`[compiled]` table of a library: `diffrax.diffeqsolve`, optimistix's solves, each
`@eqx.filter_jit` in the library's source): a call of one is a call of a name bound to that
decorator's result, keyed as it keys (run: framework_runs.py jax_library_entry_points). Under
`filter_jit` every non-array leaf is keyed, so an argument built on each pass around a new object
(`dfx.ODETerm(vector_field)`, `vector_field` a `def` of the function the loop runs) is new in the
key as the object is.
"""

from __future__ import annotations

import libcst as cst

from acclint.analysis.arguments import fields_passed, passed
from acclint.analysis.def_facts import DefFacts
from acclint.analysis.contexts import PARTIAL
from acclint.analysis.module import ModuleAnalysis
from acclint.frameworks.markers import CacheKey, DIFFERENTIATED, VMAPPED
from acclint.analysis.reach import Options
from acclint.analysis.scopes import ClassInfo, FunctionInfo
from acclint.analysis.unrolled import unrolled_dimensions
from acclint.analysis.walk import all_params
from acclint.analysis.loop_model import Jitted, JittedCall, Loop, _Scope
from acclint.analysis.loop_helpers import _ITEMS, _attribute_key, _bound_values, _got_from, _is_false, _is_none, _memo_made, _nodes, _reaching_value, _returned_values, _shifted


class CompiledCallables:
    """`LoopFacts`' part: what a name or an expression denotes as a compiled callable, and what its
    cache keys on."""

    def _entry_point(self, func: cst.BaseExpression) -> Jitted | None:
        """The compiled callable `func` names when it is a library's compiled entry point
        (`dfx.diffeqsolve`, `[compiled]` of a library table): a function defined under a
        jit-family decorator, keyed as that decorator keys (no options: the library applied it
        bare), or None."""
        tail = func.value if type(func) is cst.Name else func.attr.value if type(func) is cst.Attribute else None
        if tail not in self._entry_tails:
            return None
        wrapper = self.analysis.markers.compiled.get(self.analysis.resolve(func) or "")
        return self._jitted(wrapper, Options(), None, func) if wrapper is not None else None

    def _compiled_method(self, call: cst.Call, scope: _Scope) -> Jitted | None:
        """The compiled callable `obj.method(...)` calls when `obj` is an instance of a library
        class whose `method` is compiled (`[compiled_methods]`: numpyro's `mcmc.run(key, y)`),
        keyed by value on the arguments the data name (the instance keeps the cache: identity
        "instance"), or None; None too where a constructor of `obj` in the module was given the
        keyword that keys none of them (`MCMC(..., jit_model_args=True)`)."""
        func: cst.Attribute = call.func  # type: ignore[assignment]
        methods = self.analysis.markers.compiled_methods
        for cls in self.analysis.types(func.value, scope.fn):
            method = methods.get(f"{cls}.{func.attr.value}")
            if method is None:
                continue
            if method.unless and self._made_with(func.value, method.unless, scope):
                return None
            positional = sum(a.keyword is None and not a.star for a in call.args)
            keywords = {a.keyword.value for a in call.args if a.keyword is not None}
            return Jitted(
                f"{cls}.{func.attr.value}", identity="instance", shapes_keyed=False,
                static_positions=frozenset(range(method.keyed_from, positional)), static_names=frozenset(keywords - method.unkeyed),
            )
        return None

    def _made_with(self, obj: cst.BaseExpression, keyword: str, scope: _Scope) -> bool:
        """Whether a call binding the name `obj` in its function or at module level passes
        `keyword` anything but a literal False (an unknown object: False)."""
        if not isinstance(obj, cst.Name):
            return False
        where = scope.fn.node.body if scope.fn is not None else self.analysis.module  # type: ignore[union-attr]
        values = [v for n in _nodes(where, statements=True) if isinstance(n, cst.Assign) for t, v in self._pairs(n) if t == obj.value]
        values += self.analysis.index.module_values.get(obj.value, [])
        return any(
            isinstance(v, cst.Call) and any(
                a.keyword is not None and a.keyword.value == keyword and not (isinstance(a.value, cst.Name) and a.value.value == "False")
                for a in v.args
            )
            for v in values
        )

    def _fresh_callable(self, expr: cst.BaseExpression, scope: _Scope, loop: Loop | None, owner: str = "") -> str | None:
        """What new callable `expr` makes on each evaluation, or None (a module-level
        function is the same object every time, and jit caches on it; `owner`: the wrapper as
        written, when it keeps its cache in the object it returns instead)."""
        if type(expr) is cst.Lambda:
            return "a lambda"
        if isinstance(expr, cst.Call):
            callee = self.analysis.resolve(expr.func)
            if callee in ("functools.partial", "partial"):
                return "functools.partial(...)"
            marker = self.analysis.markers.get(callee)
            if marker is not None and marker.kind in (DIFFERENTIATED, VMAPPED):
                return f"'{callee}(...)'"
            if isinstance(expr.func, cst.Name) and not self._shadowed(expr.func.value, scope) and self._makes_callables(expr.func.value):
                return f"the callable '{self._code(expr)}' makes (a new one on each call)"
            made = self._factory_made(expr)
            return f"'{self._code(expr)}' ({made})" if made is not None else None
        if isinstance(expr, cst.Name):
            if loop is not None and expr.value in loop.fresh:
                return f"'{expr.value}', defined anew on each pass"
            if loop is None and scope.fn is not None and expr.value in scope.fn.inner:
                return f"the local function '{expr.value}'"
            if loop is None and expr.value in scope.callables:
                return scope.callables[expr.value]
            if owner:
                return f"'{expr.value}' (each {owner} object keeps its own cache)"
            return None
        if isinstance(expr, cst.Attribute) and self._bound_method(expr):
            return f"the bound method '{self._code(expr)}' (a new object on each access)"
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            # a function an object made anew holds: `net.apply` of `net = hk.transform(f)`
            owner = expr.value.value
            if (owner in loop.fresh) if loop is not None else (owner in scope.callables):
                return f"'{self._code(expr)}', held by an object made anew on each pass"
        return None

    def _makes_callables(self, name: str) -> bool:
        """A module function whose every `return` gives a callable it makes anew on each call: a
        `lambda`, a function defined in its body, or `functools.partial(...)`."""
        fn = self.analysis.index.functions.get(name)
        if fn is None or isinstance(fn.node, cst.Lambda) or self._memoised(fn):
            return False
        returns = _returned_values(fn)
        return bool(returns) and all(self._made_anew(r, fn) for r in returns)

    def _memoised(self, fn: FunctionInfo) -> bool:
        """Whether a memoizing decorator (`[storms] memoizers`: `functools.lru_cache`) wraps
        `fn`: it hands back one result per arguments, so what `fn` makes is made once."""
        return isinstance(fn.node, cst.FunctionDef) and any(
            self.analysis.resolve(_decorator_callee(d.decorator)) in self.tables.memoizers for d in fn.node.decorators
        )

    def _made_anew(self, expr: cst.BaseExpression | None, fn: FunctionInfo) -> bool:
        """Whether `expr`, evaluated in `fn`, is a callable made on each call of it: a `lambda`,
        a function defined in its body, or `functools.partial(...)`."""
        return isinstance(expr, cst.Lambda) or (isinstance(expr, cst.Name) and expr.value in fn.inner) or (
            isinstance(expr, cst.Call) and self.analysis.resolve(expr.func) in ("functools.partial", "partial")
        )

    def _makes_compiled(self, name: str) -> bool:
        """A module function whose every `return` gives a compiled callable made on that call:
        a function defined in its body under a wrapper keyed by the function object
        (`@tf.function def step`, `return step`), or such a wrapper applied there to a callable
        the call makes (`return jax.jit(lambda p: ...)`, also through a name bound to it)."""
        if name not in self._compiled_makers:
            fn = self.analysis.index.functions.get(name)
            self._compiled_makers[name] = fn is not None and not isinstance(fn.node, cst.Lambda) and not self._memoised(fn) and self._returns_compiled(fn)
        return self._compiled_makers[name]

    def _shadowed(self, name: str, scope: _Scope) -> bool:
        """Whether a function around `scope` binds `name` itself (a parameter: a pytest test
        given the fixture of that name; a local function or binding), so that a call of it is
        not a call of the module's function of that name."""
        if scope.fn is not None and name in scope.bound:
            return True
        fn = scope.fn
        while fn is not None:
            if name in fn.inner or any(p.name == name for p in fn.params):  # (the index's, of every parameter)
                return True
            fn = fn.parent
        return False

    def _returns_compiled(self, fn: FunctionInfo) -> bool:
        """Whether every `return` of `fn` gives a compiled callable it makes (`_compiled_anew`),
        also through a name its body binds to one (the binding that reaches the `return`), and
        makes it on each call, not once per holder (`_memo_made`: `if _STEP is None: _STEP =
        jax.jit(...)`, then `return _STEP`). Only a
        name or a call can be one, so the body's bindings are read only when every return is
        one of those (most functions return neither)."""
        returns = _returned_values(fn)
        if not returns or not all(isinstance(r, (cst.Name, cst.Call)) for r in returns):
            return False
        made = [_reaching_value(fn, r) or r if isinstance(r, cst.Name) else r for r in returns]
        return all(self._compiled_anew(m, fn) for m in made) and not any(_memo_made(fn, m) for m in made)

    def _compiled_anew(self, expr: cst.BaseExpression | None, fn: FunctionInfo) -> bool:
        """Whether `expr`, returned by `fn`, is a compiled callable `fn` makes on each call."""
        if isinstance(expr, cst.Name) and expr.value in fn.inner:
            inner = fn.inner[expr.value].node
            return isinstance(inner, cst.FunctionDef) and any(
                (jitted := self._decorated(d.decorator, None)) is not None and jitted.identity != "code" for d in inner.decorators
            )
        if not (isinstance(expr, cst.Call) and expr.args):
            return False
        found = self.analysis.applied_marker(expr)
        if found is None or found[0].name not in self.tables.wrappers:
            return False
        identity = self._jitted(found[0].name, found[1], None, expr).identity
        # a wrapper keeping its cache in the object it returns (`tf.function`) makes a new one
        # whatever it wraps; one keyed by the function (`jax.jit`) only of a callable made here
        return identity == "wrapper" or identity != "code" and self._made_anew(expr.args[0].value, fn)

    def _decorated(self, decorator: cst.BaseExpression, fn: FunctionInfo | None) -> Jitted | None:
        """What a jit-family decorator compiles `fn` as; None for any other decorator."""
        found = self.analysis.decorator_marker(decorator)
        if found is None or found[0].name not in self.tables.wrappers:
            return None
        return self._jitted(found[0].name, found[1], fn, decorator)

    def _jitted(
        self, marker: str, options: Options, fn: FunctionInfo | None, application: cst.CSTNode,
        instance: ClassInfo | None = None, holder: str | None = None, body: DefFacts | None = None,
    ) -> Jitted:
        """What a wrapper with these options keys on; argnums and argnames name each other
        through the wrapped function's parameters when it is known (as jax.jit does). `holder`:
        the name the wrapped module instance is bound to (`model` of `torch.compile(model)`),
        whose attributes its `forward` reads are guarded as `model.attr`. `body`: what the def
        of a function another module compiles says of its key (`_imported_compiled`), where `fn`
        is not known."""
        key: CacheKey = self.analysis.markers.framework({marker}).cache_key
        keywords = _keywords(application)
        strict = any(_is_false(keywords.get(k)) for k in key.keyed_when_false)
        given = {k for k, v in keywords.items() if not _is_false(v) and not _is_none(v)}
        relaxed = bool(given & key.shapes_relaxed_by)
        signed = bool(given & key.values_relaxed_by)  # every argument a tensor of its spec
        positions, names = set(options.static_argnums), set(options.static_argnames)
        positional = [p.name for p in fn.params if p.positional] if fn is not None else list(body.positional) if body is not None else None
        if positional is not None:
            names |= {positional[i] for i in positions if -len(positional) <= i < len(positional)}
            positions |= {i for i, name in enumerate(positional) if name in names}
        specialized = _specialized(fn, key.specialized_by, self.analysis) if fn is not None and key.specialized_by else set()
        if body is not None and fn is None:
            specialized = set(body.specialized(key.specialized_by))
        floats = self._float_specialized(fn, key.floats_specialized_by) if fn is not None and key.floats_specialized_by else set()
        specialized_as = " or ".join(
            reason for reason, names in (("a bound of a Python loop in its body", specialized), ("a float its body hands to a custom op", floats)) if names
        )
        specialized |= floats
        specialized_positions: set[int] = set()
        if specialized:
            names |= specialized
            specialized_positions = {i for i, name in enumerate(positional or ()) if name in specialized}
            positions |= specialized_positions
        guarded: tuple[str, ...] = ()
        grown: tuple[str, ...] = ()
        guarded_reads: frozenset[str] = frozenset()
        if key.guards_attributes and instance is not None:
            guarded = tuple(f"the module attribute '{name}' (stepped by its forward on every call" for name in self._stepped.stepped_attributes(instance))
            grown = self._stepped.grown_attributes(instance)
            if holder is not None:
                guarded_reads = frozenset(f"{holder}.{name}" for name in _self_reads(instance.methods.get("forward")))
        elif key.guards_attributes and fn is not None:
            guarded = tuple(f"the global list '{name}' (grown by the function on every call: its length is guarded" for name in self._stepped.grown_globals(fn))
            guarded += tuple(f"the global '{name}' (stepped by the function on every call" for name in self._stepped.stepped_globals(fn))
            guarded_reads = self._stepped.global_reads(fn)
        return Jitted(
            marker, key.identity, (key.python_values == "value" or marker in key.values_keyed_by or strict) and not signed,
            (key.shapes == "keyed" or strict) and not relaxed,
            frozenset(i for i in positions if i >= 0), frozenset(names), frozenset(specialized), frozenset(specialized_positions), specialized_as, key.arrays,
            marker in key.graph_static_by, guarded,
            guarded_reads, key.recompile_limit, key.python_values == "dynamic" and not signed, function=fn,
            unrolled=self._unrolled(fn or (instance.methods.get("forward") if instance is not None else None), key),
            structures_keyed=key.structures_keyed, grown=grown, holder=holder,
        )

    def _unrolled(self, fn: FunctionInfo | None, key: CacheKey) -> tuple[tuple[int | None, str, frozenset[int]], ...]:
        """`Jitted.unrolled` of `fn` (a module's `forward`, or a method, called without its
        `self`), where its framework specialises the dimensions a loop is unrolled over."""
        if fn is None or isinstance(fn.node, cst.Lambda) or not key.dimensions_specialized_by or key.shapes == "keyed":
            return ()
        params = [p for p in fn.params if p.name != "self" or fn.cls is None]
        dimensions = unrolled_dimensions({p.name for p in params}, _nodes(fn.node.body), key.dimensions_specialized_by, self.analysis)
        positional = [p.name for p in params if p.positional]
        return tuple(
            (positional.index(name) if name in positional else None, name, found) for name, found in dimensions.items()
        )

    def _float_specialized(self, fn: FunctionInfo, decorators: tuple[str, ...]) -> set[str]:
        """Parameters of `fn` its body hands (also through arithmetic) to a parameter annotated
        `float` of a module function defined under one of `decorators` (a custom op)."""
        if isinstance(fn.node, cst.Lambda):
            return set()
        params = {p.name for p in fn.params}
        found: set[str] = set()
        for node in _nodes(fn.node.body):
            if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)):
                continue
            op = self.analysis.index.functions.get(node.func.value)
            if op is None:
                found |= self._imported_floats(node, decorators) & params
                continue
            if not any(self.analysis.resolve(_decorator_callee(d.decorator)) in decorators for d in op.node.decorators):
                continue
            floats = _float_parameters(op.node)
            for param, arg in passed(node, op).items():
                if param in floats:
                    found |= _operands(arg) & params
        return found

    def _imported_floats(self, call: cst.Call, decorators: tuple[str, ...]) -> set[str]:
        """The names `call` computes (by arithmetic) the arguments of `float` parameters of a
        function another module defines under one of `decorators` with (`from ops import sgd`,
        a custom op: `Imported.bodies`)."""
        found = self.analysis.imported_bodies.get(self.analysis.resolve(call.func) or "")
        if found is None or found[0].partition("(")[0] not in decorators:
            return set()
        floats = set(found[1].floats)
        return {name for param, arg in fields_passed(call, list(found[1].positional)).items() if param in floats for name in _operands(arg)}

    def _instance(self, expr: cst.BaseExpression, scope: _Scope) -> ClassInfo | None:
        """The module class `expr` is an instance of (`Net()`, a name bound to one, or a
        parameter of a module-level function that every call of it passes one)."""
        if type(expr) is cst.Call:
            return self._class_named(expr.func)
        if isinstance(expr, cst.Name):
            current: _Scope | None = scope
            while current is not None:
                if expr.value in current.instances:
                    return current.instances[expr.value]
                current = self._scopes.get(current.fn.parent) if current.fn is not None else None
            if scope.fn is not None:
                return self.analysis.passed_class(expr.value, scope.fn)
        return None

    def _held_compiled(self, value: cst.BaseExpression, scope: _Scope) -> Jitted | None:
        """The compiled callable made elsewhere that a call gives back, or None: a function's
        or method's (`_called_function`: `get()`, `trainer.compiled_step()`) where its one
        `return` is a wrapper application, directly or through a name its body binds to one
        (`step = get()` with `def get(): return jax.jit(f)`), or a function it defines under
        a jit-family decorator (`@jax.jit def step`, `return step`), or
        `functools.partial` of a name bound to a compiled callable (`partial(jitted, 1.0)`: its
        key sees every position after the bound ones shifted)."""
        if not isinstance(value, cst.Call):
            return None
        if self.analysis.resolve(value.func) in PARTIAL:
            if not value.args or value.args[0].keyword is not None:
                return None
            bound = value.args[1:]
            if any(a.star for a in bound):
                return None
            first = value.args[0].value  # a name, or the compiled callable itself: `partial(jax.jit(f), b=1)`
            held = self._lookup(first.value, scope) if isinstance(first, cst.Name) else self._denoted(first, scope)
            return None if held is None else _shifted(held, sum(1 for a in bound if a.keyword is None))
        called = self._called_function(value.func, scope)
        fn = called[0] if called is not None and not isinstance(called[0].node, cst.Lambda) else None
        returns = _returned_values(fn) if fn is not None else []
        if len(returns) != 1 or returns[0] is None:
            return None
        returned = returns[0]
        if isinstance(returned, cst.Name) and returned.value in fn.inner:  # `@jax.jit def step`, `return step`
            inner = fn.inner[returned.value]  # type: ignore[union-attr]
            forwarded = _forwarded(fn, inner)  # `def logged(fn): def inner(*a, **kw): return fn(*a, **kw)`
            if forwarded is not None:
                given = passed(value, fn, bound=called[1] > 0).get(forwarded)  # type: ignore[index]
                return self._denoted(given, scope) if given is not None else None
            return next((j for d in inner.node.decorators if (j := self._decorated(d.decorator, inner)) is not None), None)  # type: ignore[union-attr]
        if isinstance(returned, cst.Name):
            returned = _reaching_value(fn, returned)  # type: ignore[arg-type]
        found = self._wrapper_applied(returned) if returned is not None else None
        if found is None:
            return None
        wrapped = returned.args[0].value  # type: ignore[union-attr]
        target = self.analysis.index.functions.get(wrapped.value) if isinstance(wrapped, cst.Name) else None
        return self._jitted(found[0], found[1], target, returned)

    def _target_function(self, expr: cst.BaseExpression, scope: _Scope) -> FunctionInfo | None:
        if not isinstance(expr, cst.Name):
            return None
        fn = scope.fn
        while fn is not None:
            if expr.value in fn.inner:
                return fn.inner[expr.value]
            fn = fn.parent
        return self.analysis.index.functions.get(expr.value)

    # -- after the walk ---------------------------------------------------------------------
    def _resolve_calls(self) -> None:
        """Calls of names bound to compiled callables (bound anywhere in scope)."""
        for call, loops, scope, statement in self._pending:
            callee, args = call.func, call.args
            if self.analysis.resolve(call.func) in self.tables.callers and args and args[0].keyword is None:
                callee, args = args[0].value, args[1:]
            elif type(callee) is cst.Call and callee.args and type(callee.args[0].value) is cst.Name and self._transformed(callee, callee.args[0].value.value):
                callee = callee.args[0].value  # `jax.grad(loss)(r, x)` calls `loss` with the same arguments
            jitted = self._callee(callee, scope)
            if jitted is not None:
                self.calls.append(JittedCall(call, callee, tuple(args), jitted, loops, scope, statement))
        for call, loops, scope, statement in self._attribute_calls:
            callee = call.func
            jitted = self._callee(callee, scope)
            if jitted is None and type(callee) is cst.Attribute and callee.attr.value in self.tables.lowering:
                callee = callee.value  # `step.lower(x, i)`: traces `step` for the key of its arguments
                jitted = self._callee(callee, scope)
            if jitted is not None:
                self.calls.append(JittedCall(call, callee, tuple(call.args), jitted, loops, scope, statement))

    def _callee(self, expr: cst.BaseExpression, scope: _Scope, seen: frozenset[tuple[FunctionInfo, str]] = frozenset()) -> Jitted | None:
        """The compiled callable a call's callee `expr` (in `scope`) is, once the walk has seen
        every binding and call: what `_denoted` follows, and a parameter every call of its
        function passes one (`_passed_compiled`), or an attribute a method binds to such a
        parameter (`self.step_fn = step_fn` in `__init__`: `_kept`)."""
        found = self._denoted(expr, scope)
        if found is not None or type(expr) not in (cst.Name, cst.Attribute):
            return found
        if type(expr) is cst.Name:
            return self._passed_compiled(expr.value, scope, seen)
        if type(expr.value) is not cst.Name:
            return None
        cls = self._class_of(expr.value, scope)
        kept = self._kept.get((cls, expr.attr.value)) if cls is not None else None  # `self.step_fn` kept from `__init__`
        if kept is not None:
            return self._callee(kept[0], kept[1], seen)
        return self._passed_compiled(expr.value.value, scope, seen, expr.attr)  # `policy.sample_actions`, `policy` passed

    def _denoted(self, expr: cst.BaseExpression, scope: _Scope) -> Jitted | None:
        """The compiled callable the value of `expr`, evaluated in `scope`, is, followed through
        the bindings the walk resolves, with the static options its wrapper application was
        given (ACC501's page: the one property behind every spelling): a name bound to one
        (a wrapper's result, a decorated def, an alias, `step = get()`, `partial(jitted, ...)`),
        an instance whose `__call__` is compiled, an item of a container of them (`fns[k]`), an
        attribute an object holds (`self.step`, `box.step = jax.jit(f)`), a wrapper application
        itself, a transform of one (`jax.grad(step)`, `jax.vmap(step)`: run, each calls `step`
        anew with what it is given), or a call giving one back (`_held_compiled`); else None."""
        if type(expr) is cst.Name:
            found = self._lookup(expr.value, scope)
            if found is None and self._in_place:
                found = self._in_place.get((self._binding_scope(expr.value, scope).fn, expr.value))
            if found is None:
                found = self._imported_compiled(expr)
            cls = self._instance(expr, scope) if found is None else None
            return self._held.get((cls, "__call__")) if cls is not None else found
        if type(expr) is cst.Subscript and type(expr.value) is cst.Name:
            return self._lookup(expr.value.value + _ITEMS, scope, expr.value.value)
        if (holder := _got_from(expr)) is not None:  # `fns.get(k)`: an item, as `fns[k]` is
            return self._lookup(holder + _ITEMS, scope, holder)
        if type(expr) is cst.Attribute and type(expr.value) is cst.Name:
            cls = self._class_of(expr.value, scope)
            found = self._held.get((cls, expr.attr.value)) if cls is not None else None
            found = found if found is not None else self._lookup(_attribute_key(expr), scope, expr.value.value)
            return found if found is not None else self._imported_compiled(expr)
        if isinstance(expr, cst.Call):
            marker = self.analysis.markers.get(self.analysis.resolve(expr.func))
            if marker is not None and marker.kind in (DIFFERENTIATED, VMAPPED) and expr.args:
                return self._denoted(expr.args[0].value, scope)  # `jax.grad(step)` calls `step` with its arguments
            applied = self._wrapper_applied(expr)
            return self._application(expr, *applied, scope) if applied is not None else self._held_compiled(expr, scope)
        if isinstance(expr, cst.IfExp):  # `jax.jit(f) if fast else jax.jit(g)`: both of one key
            body, orelse = self._denoted(expr.body, scope), self._denoted(expr.orelse, scope)
            return body if body == orelse else None
        return None

    def _imported_compiled(self, expr: cst.Name | cst.Attribute) -> Jitted | None:
        """The compiled callable an imported name is where another module of the project defines
        it under a jit-family decorator (`from model import train_step`, `model.train_step`),
        keyed as that decorator keys (tests/test_imported_compiled.py); None for any other name
        and for one the module binds itself (`_lookup` found that first)."""
        found = self.analysis.imported_compiled.get(self.analysis.resolve(expr) or "")
        if found is None or found[0].name not in self.tables.wrappers:
            return None
        marker, options, args = found
        body = self.analysis.imported_bodies.get(self.analysis.resolve(expr) or "")
        return self._jitted(
            marker.name, options, None, cst.Call(cst.Name("wrapper"), [cst.Arg(cst.Name("f")), *args]), body=body[1] if body is not None else None,
        )

    def _passed_compiled(
        self, name: str, scope: _Scope, seen: frozenset[tuple[FunctionInfo, str]], attribute: cst.Name | None = None,
    ) -> Jitted | None:
        """The compiled callable the parameter `name` (of the function around `scope` that
        takes it) holds where every call of that function the module makes from host code,
        and every call of it from another module that passes one (`Passed` seeds), passes the
        same one (`train(jax.jit(step, static_argnums=1), ...)`, a name bound to one, or a
        parameter so passed in turn; a call leaving it out gives its default, as the
        function's own scope sees it), and its body never rebinds it; else None. With
        `attribute`: the compiled callable that attribute of what every call passes is
        (`_body(policy, prompt)` where `policy.sample_actions` was compiled in place)."""
        current: _Scope | None = scope
        while current is not None and current.fn is not None:
            fn = current.fn
            if any(p.name == name for p in fn.params):
                break
            if name in current.bound or name in current.jitted:
                return None
            current = self._scopes.get(fn.parent)
        else:
            return None
        if (fn, name) in seen or _bound_values(fn, name):
            return None
        default = next((p.default for p in all_params(fn.node.params) if p.name.value == name), None)
        found: list[Jitted | None] = []
        for call, skipped, caller, _loops in self._calls_into.get(fn, ()):
            given = passed(call, fn, bound=skipped > 0).get(name)
            if given is None and default is not None:
                given, caller = default, self._scopes.get(fn.parent) or self._scopes[None]
            if given is not None and attribute is not None:
                given = cst.Attribute(given, attribute) if type(given) is cst.Name else None
            found.append(self._callee(given, caller, seen | {(fn, name)}) if given is not None else None)
        if attribute is None:  # (other modules' calls are known by the compiled callables they pass)
            found += self._passed_in(fn, name)
        return found[0] if found and found[0] is not None and all(f == found[0] for f in found) else None

    def _passed_in(self, fn: FunctionInfo, name: str) -> list[Jitted | None]:
        """What other modules' calls of the module-level function `fn` pass its parameter
        `name` compiled (acclint.analysis.passed), keyed as each wrapper application keys
        (None: a wrapper out of the jit family)."""
        if fn.parent is not None or fn.cls is not None or not self.analysis.passed:
            return []
        positional = [p.name for p in fn.params if p.positional]
        return [
            self._jitted(p.marker, p.options, None, cst.parse_expression(p.application)) if p.marker in self.tables.wrappers else None
            for p in self.analysis.passed
            if p.function == fn.name and (p.parameter == name or p.parameter.isdigit() and int(p.parameter) < len(positional) and positional[int(p.parameter)] == name)
        ]

    def _class_of(self, obj: cst.BaseExpression, scope: _Scope) -> ClassInfo | None:
        """The module class `obj` is an instance of: a call of it, a name bound to one, or the
        first parameter (`self`) of a method of it."""
        cls = self._instance(obj, scope)
        if cls is not None or not isinstance(obj, cst.Name):
            return cls
        return scope.fn.own_class(obj.value) if scope.fn is not None else None

    def _lookup(self, name: str, scope: _Scope, holder: str = "") -> Jitted | None:
        """The compiled callable a name called in `scope` refers to, by lexical scope; also an
        item or attribute of a name (`fns[]`, `box.step`), which a scope binding that name
        (`holder`) otherwise hides."""
        current: _Scope | None = scope
        while current is not None:
            if name in current.jitted:
                return None if name in current.bound else current.jitted[name]
            if (holder or name) in current.bound:
                return None
            fn = current.fn.parent if current.fn is not None else None
            current = self._scopes.get(fn) if current.fn is not None else None
        return None

    def _call_of(self, name: str, scope: _Scope) -> cst.Call | None:
        """The first call of `name` in the body of `scope`'s function (in source order), or of a
        call it is handed to, which runs it (`minimize(loss, ...)`, `cls.fit(loss=loss)`, as a
        loop's hand-overs count), or None."""
        return next((
            n for n in _nodes(scope.fn.node, in_order=True)  # type: ignore[union-attr]
            if type(n) is cst.Call and (
                isinstance(n.func, cst.Name) and n.func.value == name or self._transformed(n.func, name) or self._handed_on(n, name)
            )
        ), None)

    def _handed_on(self, call: cst.Call, name: str) -> bool:
        """Whether `call` is given `name` itself as an argument and is no marker (a wrapper or a
        transform applied to it, `jax.grad(loss)`, only wraps it) and keeps nothing (`_KEEPERS`:
        an `__init__`, `super().__init__(ds, fn)` in levanter's datasets, or `setattr` keeps
        what it is given for the object's later calls, so one compiled callable per object is
        compiled once and reused, not run on the pass that made it)."""
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in _KEEPERS or isinstance(func, cst.Name) and func.value in _KEEPERS:
            return False
        return any(isinstance(a.value, cst.Name) and a.value.value == name for a in call.args) and (
            self.analysis.markers.get(self.analysis.resolve(func)) is None
        )

    def _transformed(self, expr: cst.BaseExpression, name: str) -> bool:
        """`jax.grad(name)`, `eqx.filter_value_and_grad(name)`, `jax.vmap(name)`: a transform of
        `name` whose result, called, calls it."""
        if not (isinstance(expr, cst.Call) and expr.args and isinstance(expr.args[0].value, cst.Name)):
            return False
        marker = self.analysis.markers.get(self.analysis.resolve(expr.func))
        return expr.args[0].value.value == name and marker is not None and marker.kind in (DIFFERENTIATED, VMAPPED)

    def _called_function(self, func: cst.BaseExpression, scope: _Scope) -> tuple[FunctionInfo, int] | None:
        """The module's function a call runs, and how many leading parameters the call does not
        pass: `f(...)` by lexical scope (0), `obj(...)` with `obj` bound to an instance of a
        module class its `__call__` (1), `self.m(...)` in a method of the class defining `m`
        or `obj.m(...)` with `obj` bound to an instance of a module class (1, the instance or a
        classmethod's class; 0 for a staticmethod, which is given neither), `Cls(...)` its
        `__init__` (1), `Cls.m(...)` (1 for a classmethod, else 0: the caller passes any
        instance itself)."""
        if type(func) is cst.Name:
            fn = self._function_named(func.value, scope)
            if fn is not None:
                return (fn, 0)
            made = self._module_class(func.value, scope)  # `Cls(...)` runs `Cls.__init__`
            init = made.methods.get("__init__") if made is not None else None
            if init is not None:
                return (init, 1)
            held = self._instance(func, scope)  # `refiner(x)` runs `Refiner.__call__`
            call = held.methods.get("__call__") if held is not None else None
            return (call, 1) if call is not None else None
        if type(func) is cst.Attribute and type(func.value) is cst.Call and type(func.value.func) is cst.Name:
            made = self._module_class(func.value.func.value, scope)  # `Model(i + 1).run(x)`
            fn = made.methods.get(func.attr.value) if made is not None else None
            return (fn, 1 if fn.is_method else 0) if fn is not None else None
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return None
        cls = self._instance(func.value, scope)
        if cls is None and scope.fn is not None:
            cls = scope.fn.own_class(func.value.value)
        if cls is None:  # `Cls.method(...)`: the class's own function (a classmethod is given the class)
            named = self._module_class(func.value.value, scope)
            fn = named.methods.get(func.attr.value) if named is not None else None
            return (fn, 1 if fn.class_param else 0) if fn is not None else None
        fn = cls.methods.get(func.attr.value)
        return (fn, 1 if fn.is_method else 0) if fn is not None else None

    def _module_class(self, name: str, scope: _Scope) -> ClassInfo | None:
        """The module's class `name` names: an enclosing classmethod's class parameter (`cls`
        of `cls(...)`), or a class of the module's top level no function around `scope` binds."""
        fn = scope.fn
        while fn is not None:
            if fn.class_param == name:
                return fn.cls
            fn = fn.parent
        cls = self.analysis.index.classes.get(name)
        return cls if cls is not None and not self._shadowed(name, scope) else None

    def _function_named(self, name: str, scope: _Scope) -> FunctionInfo | None:
        """The function a call of `name` in `scope` runs: a `def`, or a lambda a scope binds the
        name to (`_bind_items_and_lambdas`), by lexical scope."""
        fn = scope.fn
        while fn is not None:
            if name in fn.inner:
                return fn.inner[name]
            inner = self._scopes.get(fn)
            if inner is not None and name in inner.lambdas:
                return inner.lambdas[name]
            fn = fn.parent
        return self.analysis.index.functions.get(name) or self._scopes[None].lambdas.get(name)


def _self_reads(method: FunctionInfo | None) -> set[str]:
    """The attributes of `self` a method's body reads (`self.epoch`; not the calls `self.fc(x)`)."""
    me = method.self_name if method is not None else None
    if me is None:
        return set()
    called = {id(n.func) for n in _nodes(method.node.body) if isinstance(n, cst.Call)}
    return {
        n.attr.value for n in _nodes(method.node.body)
        if isinstance(n, cst.Attribute) and isinstance(n.value, cst.Name) and n.value.value == me and id(n) not in called
    }


def _specialized(fn: FunctionInfo, calls: tuple[str, ...], analysis: ModuleAnalysis) -> set[str]:
    """Parameters of `fn` its body passes (also through arithmetic) to one of `calls`
    (`range(start + 1, end)`): the compiler specialises their values to unroll the loop."""
    if isinstance(fn.node, cst.Lambda):
        return set()
    params = {p.name for p in fn.params}
    found: set[str] = set()
    for node in _nodes(fn.node.body):
        if isinstance(node, cst.Call) and analysis.resolve(node.func) in calls:
            for arg in node.args:
                found |= _operands(arg.value) & params
    return found


def _forwarded(fn: FunctionInfo, inner: FunctionInfo) -> str | None:
    """The parameter of `fn` that its local function `inner` calls with `inner`'s own `*args` and
    `**kwargs` (a logging or timing decorator's wrapper): `inner`, called, calls it with the same
    arguments. None where `inner` takes no such pair or calls no parameter so."""
    params = inner.node.params
    star, kwargs = params.star_arg, params.star_kwarg
    if not isinstance(inner.node, cst.FunctionDef) or not isinstance(star, cst.Param) or kwargs is None:
        return None
    own = {p.name for p in fn.params}
    for node in _nodes(inner.node):
        if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in own and [
            (a.star, a.value.value if type(a.value) is cst.Name else None) for a in node.args
        ] == [("*", star.name.value), ("**", kwargs.name.value)]:
            return node.func.value
    return None


def _decorator_callee(decorator: cst.BaseExpression) -> cst.BaseExpression:
    """What a decorator calls: `m` of `@m` and of `@m(...)`."""
    return decorator.func if isinstance(decorator, cst.Call) else decorator


def _float_parameters(fn: cst.FunctionDef) -> set[str]:
    """The parameters of `fn` annotated `float`."""
    return {
        p.name.value for p in all_params(fn.params)
        if p.annotation is not None and isinstance(p.annotation.annotation, cst.Name) and p.annotation.annotation.value == "float"
    }


def _operands(expr: cst.BaseExpression) -> set[str]:
    """The names `expr` computes with by arithmetic alone (`start + 1`: start; not `x.shape[0]`,
    whose `x` is a tensor)."""
    if isinstance(expr, cst.Name):
        return {expr.value}
    if isinstance(expr, cst.UnaryOperation):
        return _operands(expr.expression)
    if isinstance(expr, cst.BinaryOperation):
        return _operands(expr.left) | _operands(expr.right)
    return set()


def _keywords(application: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """The keywords a wrapper is applied with: `jax.jit(f, static_argnums=1)`,
    `@tf.function(reduce_retracing=True)`, `partial(jax.jit, ...)`, `tf.function(**kw)(f)`."""
    found: dict[str, cst.BaseExpression] = {}
    while isinstance(application, cst.Call):
        for arg in application.args:
            if arg.keyword is not None:
                found.setdefault(arg.keyword.value, arg.value)
        application = application.func
    return found


# Calls that keep what they are given for later instead of running it: a construction, an
# attribute set on an object (`setattr(model, "serving", fn)`: tensorflow-gnn's stage models),
# an item put in a container.
_KEEPERS = frozenset({"__init__", "setattr", "append", "extend", "insert", "add", "setdefault"})
