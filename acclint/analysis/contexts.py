"""Which functions run in a traced context, and which of their parameters are traced.

Three sources mark a function (docs/contexts.md): a marker applied to it (decorator, call anywhere
in the module, through `functools.partial`, nested in another marker), a method `predict` /
`forward` of an `Acceleratable` subclass, and being called from (or handed as a callback by)
a function already in a context: the helper inherits the caller's contexts, and a parameter is
traced when the caller passes it a traced value. The last is iterated to a fixpoint.

What a function's values are is kept per kind of context it is reached in (scopes.Trace): a
function handed to `jax.grad` and, elsewhere, to `jax.jit(f, static_argnums=0)` is traced twice,
`x` a tracer in the first (where `if x < 3` still works) and static in the second, and a rule
that applies in cached traces reads the cached reaches alone. A helper inherits each kind of its
caller's with the kinds the caller has in it; a marker applied inside a trace traces within it.
"""

from __future__ import annotations

import ast

from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import Callable, Collection, Mapping, Sequence

import libcst as cst

from acclint.analysis.applied import (
    VARIABLES, applied_class, applied_method, applied_shape, apply_method_class, apply_params, imported_applied,
)
from acclint.analysis.facts import ValueFacts
from acclint.analysis.arguments import fields_passed, passed
from acclint.analysis.eager_blocks import EagerCalls, eager_calls
from acclint.analysis.eager_modules import eager_classes, eager_transforms
from acclint.analysis.narrowing import branches_around_calls, decided_against
from acclint.analysis.modules import ModuleClasses, entry_kinds, module_output, used_only_as_size
from acclint.analysis.module_defaults import module_defaults
from acclint.analysis.names import ImportTable
from acclint.frameworks.markers import CACHED, KERNEL, Framework, Marker, MarkerTable
from acclint.analysis.raised_first import converted_values
from acclint.analysis.reaching import Spans, query_where_read
from acclint.analysis.reach import CallShape, CallSite, Imported, Options, Returned, Seed, holds_tracers, returned_name, returned_of
from acclint.analysis.scopes import ClassInfo, FunctionInfo, MarkerSite, ModuleIndex, Param, Trace
from acclint.analysis.scalar_calls import every_call_scalar, scalar_parameters
from acclint.analysis.records import RecordClasses, returned_record
from acclint.analysis.stored import StoredCallables
from acclint.analysis.taint import (
    STATIC, TRACED, TREE, UNKNOWN, BodyFacts, Kind, ReturnKinds, ValueQuery, container_of, collect_body, element_pairs, propagate,
)
from acclint.analysis.objects import Objects
from acclint.analysis.made_instances import made_instance_method, own_method_of_scratch
from acclint.analysis.wrappers import PARTIAL, WrapperTable
from acclint.analysis.walk import named_params

MAX_RETURN_UPDATES = 20


@dataclass(frozen=True)
class Target:
    """A function a marker applies to, and how many leading parameters `partial` bound."""

    function: FunctionInfo
    bound_positional: int = 0
    bound_names: tuple[str, ...] = ()
    via_attribute: bool = False  # reached as `self.method`: `self` is not counted in argnums
    given: tuple[str, ...] = ()  # parameters `partial` binds to something other than `None`
    # What `partial` binds each parameter it names or fills to (`partial(body, scale=s)`), and
    # the `**mapping`s it unpacks whose keys are not spelled out: those may bind any parameter.
    bound_values: tuple[tuple[str, cst.BaseExpression], ...] = ()
    open_mappings: tuple[cst.BaseExpression, ...] = ()


_EMPTY_MODULE = cst.Module(body=[])


def _literal_tuple(node: cst.BaseExpression, kind: type) -> tuple:
    """A literal of `kind`, or a tuple/list of them (`static_argnums=(0, 2)`), as a tuple."""
    try:
        value = ast.literal_eval(_EMPTY_MODULE.code_for_node(node).strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return ()  # not a literal (a variable, a call): nothing is known statically
    values = value if isinstance(value, (tuple, list)) else (value,)
    return tuple(v for v in values if isinstance(v, kind) and not isinstance(v, bool))


def _literal_names(node: cst.BaseExpression) -> tuple[str, ...]:
    """The parameter names a static keyword spells: a name or a tuple/list of them
    (`static_argnames=("n",)`), or the keys of a mapping from names to their values
    (`concrete_args={"b": False}` or `dict(b=False)`: torch.fx)."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "dict":
        return tuple(a.keyword.value for a in node.args if a.keyword is not None)
    if isinstance(node, cst.Dict):
        return tuple(
            str(e.key.evaluated_value) for e in node.elements
            if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
        )
    return _literal_tuple(node, str)


def _options(args, markers: MarkerTable) -> Options:
    """The options a marker application's keywords give (static keywords: the frameworks')."""
    static_argnums: tuple[int, ...] = ()
    static_argnames: tuple[str, ...] = ()
    argnums = None
    unmapped: tuple[int, ...] = ()
    flags: tuple[str, ...] = ()
    for a in args:
        if a.keyword is None:
            continue
        key = a.keyword.value
        if key in markers.flag_keywords:
            if isinstance(a.value, cst.Name) and a.value.value == "True":
                flags += (key,)
        elif key in markers.static_positions:
            static_argnums += _literal_tuple(a.value, int)
        elif key in markers.static_names:
            static_argnames += _literal_names(a.value)
        elif key == "argnums":
            argnums = _literal_tuple(a.value, int)
        elif key in ("in_axes", "in_specs", "in_dims") and isinstance(a.value, (cst.Tuple, cst.List)):
            # vmap's `in_axes=None`, torch.func.vmap's `in_dims=None` and shard_map's
            # `in_specs=None` hand the argument over as it is (a Python int stays one; verified
            # with jax 0.10 and torch 2.13)
            unmapped += tuple(
                i for i, e in enumerate(a.value.elements) if isinstance(e.value, cst.Name) and e.value.value == "None"
            )
    return Options(static_argnums, static_argnames, argnums, unmapped, flags)


def _given(options: Options, args, markers: MarkerTable) -> Options:
    """`options` with the options a project wrapper forwards from its parameters
    (`Options.forwarded`) taken from a call of it: `my_jit(f, static=(1,))` gives
    `static_argnums=(1,)` where `my_jit` hands `static` to `jax.jit`'s `static_argnums`."""
    if not options.forwarded:
        return options
    positional = [a.value for a in args if a.keyword is None and not a.star]
    by_keyword = {a.keyword.value: a.value for a in args if a.keyword is not None}
    given = [
        cst.Arg(value, keyword=cst.Name(option)) for option, param, position in options.forwarded
        if (value := by_keyword.get(param, positional[position] if 0 <= position < len(positional) else None)) is not None
    ]
    return replace(options, forwarded=()).merged(_options(given, markers))


# Why a function is in `ContextAnalysis.unfinished`: the one reason there is.
UNFINISHED = "its values are nested too deeply to follow"


class ContextAnalysis:
    """Marks functions with contexts and traced parameters, then runs taint to a fixpoint."""

    def __init__(
        self,
        index: ModuleIndex,
        markers: MarkerTable,
        facts: ValueFacts,
        module_name: str = "",
        seeds: tuple[Seed, ...] = (),
        in_project: Callable[[str], bool] | None = None,
        known_bodies: Mapping[cst.CSTNode, BodyFacts] | None = None,
        wrappers: WrapperTable | None = None,
    ) -> None:
        self.index = index
        self.markers = markers
        # The project's own wrappers this module defines or uses (acclint.analysis.wrappers):
        # calling one applies its marker, as calling the marker would.
        self.wrappers = wrappers or WrapperTable()
        self.facts = facts
        self.module_name = module_name
        self.seeds = seeds
        # Whether a qualified name may be a function of another linted module (None: a run
        # that sees one file only, which records no outgoing reaches).
        self.in_project = in_project
        self.outgoing: list[tuple[str, Seed]] = []
        # What a name handed to a marker stands for (`_named_targets`), and the values each name
        # binds (`_values_of`): asked again for every path through assignments that fan out.
        self._name_targets: dict[tuple, list[Target]] = {}
        self._values: dict[tuple[str, FunctionInfo | None], list[cst.BaseExpression]] = {}
        self._cycles_cut = 0
        # What imported functions return to this module's traced calls (their seeds'
        # `Returned`), by qualified name and call shape; and what this module's reached
        # functions return to each seed of a call (`returned`, filled in by `run`).
        self._returned_in: dict[tuple[str, CallShape], ReturnKinds] = {}
        self.returned: list[tuple[Seed, ReturnKinds]] = []
        # Methods a cached marker is handed as `self.method`: their `self` is no argument of
        # the trace, so its attributes are read once, while tracing (ACC604).
        # Methods traced as bound methods (`jax.jit(self.step)`), each with the functions whose
        # code builds that trace (the scope of `jax.jit(self.step)`; None at module level or
        # for a decorated method): ACC604 asks which attributes those builders read.
        self.bound_methods: dict[FunctionInfo, set[FunctionInfo | None]] = {}
        # Methods a trace runs on an object it made itself (`Scaler(2.0).apply(x)`:
        # acclint.analysis.made_instances): their `self` is the trace's scratch.
        self.scratch_methods: set[FunctionInfo] = set()
        # Functions a traced function's code runs, in this module or another (a helper it calls, a
        # submodule's `forward`, a function it hands to a marker or to a call that runs it): they
        # run inside that function's trace, not only in a trace of their own (rules/graph_breaks.py).
        self.inside_traces: set[FunctionInfo] = set()
        self.resolve = index.imports.resolve
        self.body_facts: dict[FunctionInfo, BodyFacts] = {}
        # Facts collected already for function nodes of this module, with the same imports.
        self._known_bodies = known_bodies or {}
        # The `if`s around each call of a function whose parameters have known values
        # (narrowing.branches_around_calls), worked out once.
        self._branches: dict[FunctionInfo, dict[int, tuple[tuple[cst.If, bool], ...]]] = {}
        self._spans: dict[FunctionInfo, Spans] = {}  # built for a function only where a call's names need it
        self._queue: list[FunctionInfo] = []
        self._queued: set[FunctionInfo] = set()
        self._nested: dict[FunctionInfo, list[FunctionInfo]] = {}
        self._callers: dict[FunctionInfo, set[FunctionInfo]] = {}
        self._analyses: dict[FunctionInfo, int] = {}
        # Functions whose analysis could not finish, with why (`_give_up`); the engine adds the
        # ones whose rules could not finish.
        self.unfinished: dict[FunctionInfo, str] = {}
        self._decorated_frameworks: dict[FunctionInfo, frozenset[str]] = {}
        self._host_functions: dict[FunctionInfo, bool] = {}  # _runs_on_host, per function
        # the values each call's arguments convert where a framework raises (_converted_values)
        self._conversions: dict[tuple[cst.Call, Framework, str], tuple[cst.BaseExpression, ...]] = {}
        # Dispatch (`_dispatch`): for a class of this module, the classes of the instances its
        # methods run on in a trace where those are subclasses (`jax.jit(env.step)`, `step`
        # inherited): of this module, and of other modules by qualified name (a seed's
        # `receiver`). Their `self.x(...)` calls run the instance's class's `x`.
        self._receivers: dict[ClassInfo, set[ClassInfo]] = {}
        self._foreign_receivers: dict[ClassInfo, set[str]] = {}
        for fn in index.all_functions:
            if fn.parent is not None:
                self._nested.setdefault(fn.parent, []).append(fn)
        self.modules = ModuleClasses(index, markers, self.resolve, self._body)
        self.records = RecordClasses(index, self.resolve)
        self.stored = StoredCallables(index, markers.storing_methods, self.modules, self.find_method)
        self.objects = Objects(
            index, markers, self.resolve, self._values_of, self.find_method, self._body,
            frozenset(m for seed in seeds if isinstance(seed, Imported) for m in seed.made),
            tuple(seed for seed in seeds if isinstance(seed, CallSite)),
        )

    # -- marker sites -------------------------------------------------------------------
    def run(self) -> None:
        # Transforms the module only runs eagerly (`forward = hk.transform(f)`, then only
        # `forward.init(...)`, `forward.apply(...)`) put their functions in no context.
        symbolic = frozenset().union(*(traced.symbolic_inputs for traced in self.markers.traced_classes))
        transforms = eager_transforms(self.index, self._top_level_marker, lambda call: self.resolve(call.func) in symbolic)
        for site in self.index.sites:
            if site.expr not in transforms.calls:
                self._apply_site(site)
        # A submodule's `__call__` that a seen call reaches takes that call's kinds; the
        # entry kinds go only to those no seen call reaches (acclint.analysis.modules).
        called = self._submodule_calls()
        eager = eager_classes(
            self.index, self.modules.of, lambda fn: self._body(fn).local_names, self.resolve, transforms.functions,
        )
        self._mark_traced_classes(eager, called)
        self._apply_seeds()
        self._scalar_arguments()
        self._drain()
        unreached = {method for method in called if not method.contexts}
        if unreached:
            self._mark_traced_classes(eager, only=unreached)
            self._drain()
        self._return_to_seeds()

    def _top_level_marker(self, call: cst.Call) -> tuple[Marker, list[cst.BaseExpression]] | None:
        """The marker a call in module-level code applies, with the functions it is handed."""
        found = self.applied(call)
        return None if found is None else (found[0], self._function_args(found[0], call))

    def _drain(self) -> None:
        while self._queue:
            fn = self._queue.pop()
            self._queued.discard(fn)
            if fn in self.unfinished:
                continue
            try:
                self._analyse(fn)
            except RecursionError:
                self._give_up(fn)

    def _give_up(self, fn: FunctionInfo) -> None:
        """`fn`'s values could not be worked out within the recursion the lint may use: it
        keeps its contexts, every value in it is unknown, it returns unknown values, and the
        rules skip it (the file is still linted; `unfinished` says which function and why)."""
        self.unfinished[fn] = UNFINISHED
        for trace in fn.traces.values():
            trace.names = dict.fromkeys(trace.names, UNKNOWN)
            trace.returns = UNKNOWN

    def _scalar_arguments(self) -> None:
        """Traced parameters of decorated functions (and of module-level names bound to a
        jitted function or `model.apply`) that a call in this module passes a Python number or
        bool (or an array, `_makes_array`): scalar tracers under a marker that traces Python scalars; under one that keys on
        them, Python values where every call passes one (acclint.analysis.scalar_calls)."""
        traced: dict[str, tuple[list[Param], frozenset[str]]] = {}
        keyed: dict[str, tuple[list[Param], frozenset[str]]] = {}
        owner: dict[str, FunctionInfo] = {}
        for name, fn in self.index.functions.items():
            if not isinstance(fn.node, cst.FunctionDef) or CACHED not in fn.contexts:
                continue
            for decorator in fn.node.decorators:
                found = self._marker_of(decorator.decorator)
                if found is not None and found[0].traced == "all":
                    into = traced if found[0].scalars_traced else keyed if found[0].scalars_keyed else None
                    if into is not None:
                        into[name], owner[name] = (fn.call_params, _not_static(fn.call_params, found[1])), fn
                    break
        self._keyed_scalars(keyed, owner)
        for name, values in self.index.module_values.items():  # `f = jax.jit(f)`, `apply = jax.jit(model.apply)`
            found = self.applied(values[0]) if len(values) == 1 and isinstance(values[0], cst.Call) and name not in traced else None
            if found is None or not found[0].scalars_traced or found[0].traced != "all" or not values[0].args:
                continue
            handed = values[0].args[0].value
            fn = self.index.functions.get(name)
            if isinstance(handed, cst.Name) and handed.value == name and fn is not None and CACHED in fn.contexts:
                traced[name], owner[name] = (fn.call_params, _not_static(fn.call_params, found[1])), fn
                continue
            cls = apply_method_class(handed, None, self.modules, self._values_of)
            method = self.find_method(cls, "__call__") if cls is not None else None
            if method is not None:
                params = apply_params(method.call_params)
                traced[name], owner[name] = (params, _not_static(params, found[1]) - {VARIABLES}), method
        if not traced:
            return
        for name, params in scalar_parameters(self.index, traced, self._makes_array).items():
            fn = owner[name]
            fn.traces[CACHED].params.update(dict.fromkeys(params, TRACED))
            fn.record_reach(frozenset(), dict.fromkeys(params, TRACED))
            self._enqueue(fn)

    def _makes_array(self, call: cst.Call) -> bool:
        """Whether `call` makes one array: a function of an array namespace (`jnp.array(2.0)`,
        `jnp.ones(3)`), not one giving a list of arrays or a pytree (`jnp.split`, `lax.scan`)."""
        qualified = self.resolve(call.func) or ""
        return (
            qualified.startswith(self.facts.array_namespaces) and not qualified.startswith(self.facts.tree_namespaces)
            and qualified.rsplit(".", 1)[-1] not in self.facts.list_functions
        )

    def _keyed_scalars(self, keyed: dict[str, tuple[list[Param], frozenset[str]]], owner: dict[str, FunctionInfo]) -> None:
        """Parameters of functions decorated by a marker that keys its trace on Python numbers
        (`scalars = "keyed"`: torch.compile, tf.function, equinox.filter_jit) that every call in
        this module passes one: Python values in the trace, not tensors. Before any body is
        analysed, and only for a function whose decorator is its one reach (a reach from
        elsewhere brings its own kinds)."""
        if not keyed:
            return
        for name, params in every_call_scalar(self.index, keyed).items():
            fn = owner[name]
            if not params or fn.reaches is None or len(fn.reaches) != 1:
                continue
            trace = fn.traces[CACHED]
            trace.params.update(dict.fromkeys(params, STATIC))
            given, kinds = fn.reaches[0]
            fn.reaches[0] = (given, tuple((p, STATIC if p in params else kind) for p, kind in kinds))

    def _named(
        self, expr: cst.BaseExpression, qualified: str | None, scope: FunctionInfo | None = None,
    ) -> tuple[Marker, Options] | None:
        """The marker a name or attribute spelling `qualified` in `scope` stands for: a
        framework's, a wrapper's (with the options the wrapper gives it), or a method of an
        object the data know (`ds.map`: acclint.analysis.objects)."""
        marker = self.markers.get(qualified) or self.objects.method_marker(expr, scope)
        if marker is not None:
            return marker, Options()
        return self.wrappers.get(expr, qualified, self.index.imports) if self.wrappers else None

    def _marker_of(self, expr: cst.BaseExpression, scope: FunctionInfo | None = None) -> tuple[Marker, Options] | None:
        """The marker (and options) an expression evaluated in `scope` applies when called
        with a function."""
        found = self._named(expr, self.resolve(expr), scope)
        if found is not None:  # a factory's decorator (`compiled(static=(1,))`) given its options
            return (found[0], _given(found[1], expr.args, self.markers)) if isinstance(expr, cst.Call) else found
        default = _parameter_default(expr.value, scope) if isinstance(expr, cst.Name) else None
        if default is not None:  # `loop_fn(0, n, body, x)` with `loop_fn=jax.lax.fori_loop`
            return self._marker_of(default)
        if isinstance(expr, cst.Call):
            made = self.wrappers.returned(expr.func, self.resolve(expr.func)) if self.wrappers else None
            if made is not None:  # `@compiled(False)`: the decorator a factory returns
                return made[0], _given(made[1], expr.args, self.markers)
            inner = self.markers.get(self.resolve(expr.func))
            if inner is not None and not any(a.keyword is None for a in expr.args):
                return inner, _options(expr.args, self.markers)  # @jax.jit(static_argnums=...)
            if self.resolve(expr.func) in PARTIAL and expr.args and expr.args[0].keyword is None:
                inner_marker = self._marker_of(expr.args[0].value)
                if inner_marker is not None:
                    marker_, opts = inner_marker
                    return marker_, opts.merged(_options(expr.args[1:], self.markers))
        return None

    def applied(self, call: cst.Call, scope: FunctionInfo | None = None) -> tuple[Marker, Options] | None:
        """The marker a call in `scope` applies to the function(s) it is given, with every
        option the call and its callee spell (`jax.jit(f, static_argnums=1)`,
        `partial(jax.jit, static_argnames="n")(f)`), or None."""
        found = self._marker_of(call.func, scope)
        return None if found is None else (found[0], _given(found[1], call.args, self.markers).merged(_options(call.args, self.markers)))

    @cached_property
    def rewraps(self) -> dict[cst.FunctionDef, cst.Call]:
        """The defs whose name a later statement of the same body rebinds to a marker applied to
        it (`def f(...)`, then `f = jax.jit(f, ...)` outside any `if` or loop), with that
        application: from there on the name is the compiled callable and the body runs only
        while tracing, as under `@jax.jit` (tests/test_rebound_wrappers.py; framework_runs
        `rebound_wrapper_call_form`)."""
        found: dict[cst.FunctionDef, cst.Call] = {}
        bodies = [(list(self.index.walks), None)] + [  # the module-level statements, in order
            (fn.node.body.body, fn) for fn in self.index.all_functions if isinstance(fn.node, cst.FunctionDef)
        ]
        for body, scope in bodies:
            defs: dict[str, cst.FunctionDef] = {}
            for statement in body:
                if isinstance(statement, cst.FunctionDef):
                    defs[statement.name.value] = statement
                elif isinstance(statement, cst.SimpleStatementLine):
                    for small in statement.body:
                        name = own_rewrap(small)
                        if name in defs and self.applied(small.value, scope) is not None:  # type: ignore[attr-defined]
                            found[defs.pop(name)] = small.value  # type: ignore[attr-defined]
        return found

    def qualified_decorator(self, spelt: str) -> tuple[Marker, Options, Sequence[cst.Arg]] | None:
        """The marker, options and arguments of a decorator another module spells, its names
        already qualified (`functools.partial(jax.jit, static_argnums=1)`, `tensorflow.function`:
        `Imported.compiled`), or None; None too for one naming a relative import (`._utils.wraps`:
        no marker is spelt so)."""
        try:
            expr = cst.parse_expression(spelt)
        except cst.ParserSyntaxError:
            return None
        args: Sequence[cst.Arg] = ()
        if isinstance(expr, cst.Call):
            args = expr.args
            if _EMPTY_MODULE.code_for_node(expr.func) in PARTIAL and args and args[0].keyword is None:
                expr, args = args[0].value, args[1:]
            else:
                expr = expr.func
        marker = self.markers.get(_EMPTY_MODULE.code_for_node(expr))
        return None if marker is None else (marker, _options(args, self.markers), args)

    def decorator_marker(self, expr: cst.BaseExpression) -> tuple[Marker, Options] | None:
        """The marker (and options) a decorator expression applies, or None."""
        return self._marker_of(expr)

    def _apply_site(self, site: MarkerSite) -> None:
        """Apply the marker a decorator or call spells (a Pallas kernel marker only applies
        from a cached caller, in `_propagate_call`)."""
        if site.decorates is not None:
            found = self._marker_of(site.expr)
            if found is not None:
                marker, opts = found
                self._apply(marker, opts, Target(site.decorates))
                if marker.kind == CACHED and _static_self(site.decorates, opts):
                    self.bound_methods.setdefault(site.decorates, set())  # `self` hashed, not traced: as `jax.jit(self.step)`
            return
        call = site.expr
        assert isinstance(call, cst.Call)
        found = self.applied(call, site.scope)
        if found is None or found[0].kind == KERNEL or found[0].name in self._eager_calls.get(call, ()) or _made_eager(found[0], call):
            return
        marker, opts = found
        for fun_expr in self._function_args(marker, call):
            targets = self._targets(fun_expr, site.scope, site.cls, at=site.order) or self._own_object(marker, fun_expr, site.scope)
            targets += self._object_methods(marker, fun_expr, site.scope)
            for target in targets:
                self._apply(marker, opts, target)
                if target.via_attribute and marker.kind == CACHED:
                    self.bound_methods.setdefault(target.function, set()).add(site.scope)
            if not targets:
                origin = f"{self._where(site.scope)} ({marker.name})"
                self._reach_out(fun_expr, marker=marker, options=opts, origin=origin)
                cls = self.objects.imported_class(fun_expr, site.scope)  # `torch.compile(model)`, `Net` imported
                if cls is not None:
                    self._send(cls, origin, marker=marker, options=opts, method="__call__")
                local = self.objects.instance_class(fun_expr, site.scope)  # `Flip()`, its `forward` imported
                if local is not None:
                    self._to_bases(Seed(f"{local.name}.__call__", frozenset({marker.kind}), frozenset({marker.name}), origin, None, marker.name, opts))
                self._bound_method_out(fun_expr, site.scope, origin, marker, opts)
                for call, index in self._imported_calls(fun_expr, site.scope):
                    self._reach_out(call.func, origin, marker=marker, options=opts, method=returned_name(index))

    @cached_property
    def _eager_calls(self) -> EagerCalls:
        """The module's calls made inside a block that runs them eagerly (`with
        jax.disable_jit():`): a marker they apply there traces nothing (acclint.analysis.eager_blocks)."""
        return eager_calls(self.index.sites, self.index.walks, self.resolve, self.markers.eager_blocks)

    def _bound_method_out(self, expr: cst.BaseExpression, scope: FunctionInfo | None, origin: str, marker: Marker, opts: Options) -> None:
        """A marker handed a bound method `obj.step` whose function is in another module: of
        an imported class (`env = Chain()` after `from envs.chain import Chain`), sent to the
        class's module; of a class of this module inheriting it from a base of another, sent
        to that base with this class as the receiver."""
        if not isinstance(expr, cst.Attribute) or not isinstance(expr.value, cst.Name):
            return
        method = expr.attr.value
        imported = self.objects.imported_class(expr.value, scope)
        if imported is not None:
            self._send(imported, origin, marker=marker, options=opts, method=method)
        local = self.objects.instance_class(expr.value, scope)
        if local is not None and local not in self.modules.of and self.find_method(local, method) is None:
            self._to_bases(Seed(f"{local.name}.{method}", frozenset({marker.kind}), frozenset({marker.name}), origin, None, marker.name, opts))

    def _imported_calls(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> list[tuple[cst.Call, int | None]]:
        """The calls of imported functions whose result a marker is handed in `expr`, with the
        place of the returned tuple it takes (None: the whole result): `make(n)`, `make(n)[1]`,
        a name bound to either, or unpacked from such a call (`init, step = make(n)`)."""
        if isinstance(expr, cst.Subscript):
            index = _constant_index(expr)
            return [(call, index) for call, whole in self._imported_calls(expr.value, scope) if whole is None] if index is not None else []
        if isinstance(expr, cst.Name):
            bound = [(v, None) for v in _distinct(self._values_of(expr.value, scope)) if not isinstance(v, cst.Name)]
            pairs = bound + self._unpacked(expr.value, scope)
        else:
            pairs = [(expr, None)]
        return [
            (value, index) for value, index in pairs
            if isinstance(value, cst.Call) and isinstance(value.func, (cst.Name, cst.Attribute)) and self.index.imports.is_imported(value.func)
        ]

    def _own_object(self, marker: Marker, receiver: cst.BaseExpression, scope: FunctionInfo | None) -> list[Target]:
        """`self.compile()` in a method: a receiver marker given the method's own object runs
        what its class runs."""
        if not marker.receiver or scope is None or not isinstance(receiver, cst.Name):
            return []
        cls = scope.own_class(receiver.value)
        runs = self.objects.runs(cls) if cls is not None else None
        return [Target(runs, via_attribute=True)] if runs is not None else []

    def _object_methods(self, marker: Marker, expr: cst.BaseExpression, scope: FunctionInfo | None) -> list[Target]:
        """The methods (`Marker.objects`) of the objects of this module's classes that `expr`
        hands a marker, spelled alone or in a list or tuple: `compile(metrics=[F1()])` runs
        `F1.update_state` and `F1.result` in the traced step."""
        if not marker.objects:
            return []
        if isinstance(expr, (cst.List, cst.Tuple)):
            return [t for e in expr.elements for t in self._object_methods(marker, e.value, scope)]
        cls = self.objects.instance_class(expr, scope)
        methods = [self.find_method(cls, name) for name in marker.objects] if cls is not None else []
        return [Target(m, via_attribute=True) for m in methods if m is not None]

    def _function_args(self, marker: Marker, call: cst.Call) -> list[cst.BaseExpression]:
        if marker.receiver:  # `model.compile()`: the object the method is called on
            return [call.func.value] if isinstance(call.func, cst.Attribute) else []
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        out = [positional[i] for i in marker.fun if i < len(positional)]
        out += [a.value for a in call.args if a.keyword is not None and a.keyword.value in marker.keywords]
        return out

    def _targets(
        self, expr: cst.BaseExpression, scope: FunctionInfo | None, cls: ClassInfo | None, seen: frozenset[str] = frozenset(),
        at: int | None = None,
    ) -> list[Target]:
        """The functions an expression handed to a marker stands for (`seen`: names followed;
        `at`: where the expression is evaluated, ModuleIndex.live)."""
        if isinstance(expr, cst.Lambda):
            info = self.index.by_node.get(expr)
            return [Target(info)] if info else []
        if isinstance(expr, (cst.List, cst.Tuple)):
            return [t for e in expr.elements for t in self._targets(e.value, scope, cls, seen, at)]
        if isinstance(expr, cst.Name):
            fn = self.lookup(expr.value, scope, cls, at)
            if fn is not None:
                return [Target(fn)]
            return self._named_targets(expr.value, scope, cls, seen)
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name):
            method = (
                self._method_via_self(expr, scope) or self._method_of_instance(expr, scope)
                or self._instance_runs(expr, scope)  # `torch.compile(self.model)`
            )
            return [Target(method, via_attribute=True)] if method else []
        if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Call) and isinstance(expr.value.func, cst.Name):
            method = self._method_of_class(expr.value.func.value, expr.attr.value)  # `jax.jit(Scaler().apply)`
            return [Target(method, via_attribute=True)] if method else []
        if isinstance(expr, cst.Subscript):  # `make(n)[1]`, `pair[1]`: an element of what a factory returns
            index = _constant_index(expr)
            return self._element_targets(expr.value, index, scope, cls, seen, at) if index is not None else []
        if isinstance(expr, cst.Call):
            func_name = self.resolve(expr.func)
            # `**mapping` binds by name, never a position: `partial(body, **options)` leaves
            # the scan's `carry, x` where they are
            positional = [a.value for a in expr.args if a.keyword is None and a.star != "**"]
            if func_name in PARTIAL and positional:
                named = [(a.keyword.value, a.value) for a in expr.args if a.keyword is not None]
                unpacked = [a.value for a in expr.args if a.star == "**"]
                spelled = [self._spelled_keys(m, scope) for m in unpacked]
                named += [pair for keys in spelled if keys is not None for pair in keys]
                opened = tuple(m for m, keys in zip(unpacked, spelled) if keys is None)
                targets = []
                for t in self._targets(positional[0], scope, cls, seen, at):
                    params = t.function.call_params[t.bound_positional:]
                    filled = [(p.name, v) for p, v in zip(params, positional[1:])]
                    given = [name for name, v in named + filled if not _is_none(v)]
                    targets.append(Target(
                        t.function, t.bound_positional + len(positional) - 1, t.bound_names + tuple(n for n, _ in named),
                        t.via_attribute, t.given + tuple(given), t.bound_values + tuple(filled + named),
                        t.open_mappings + opened,
                    ))
                return targets
            inner = self._named(expr.func, func_name, scope)
            if inner is not None:  # jax.jit(jax.grad(f)): the outer marker applies to f too
                return [t for e in self._function_args(inner[0], expr) for t in self._targets(e, scope, cls, seen, at)]
            elements = self.objects.elements(expr)
            if elements:  # `nn.Sequential(Block(), nn.ReLU())`: what each module it holds runs
                return [t for e in elements for t in self._targets(e, scope, cls, seen, at)]
            factory = self._factory(expr.func, scope, cls, at)
            returned = self._returned_targets(factory, seen) if factory is not None else []
            if returned:  # `jax.jit(make_train(config))`, `nnx.jit(self.make_step())`: what it returns
                return returned
            method = self._instance_runs(expr, scope)  # `torch.jit.trace(Net(), x)`: its forward
            return [Target(method, via_attribute=True)] if method is not None else []
        return []

    def _instance_runs(self, expr: cst.BaseExpression, scope: FunctionInfo | None) -> FunctionInfo | None:
        """What a marker handed the object `expr` runs (`Objects.called_method`), its
        `self.x(...)` calls dispatched on the object's class."""
        cls = self.objects.instance_class(expr, scope)
        method = self.objects.runs(cls) if cls is not None else None
        if method is not None:
            self._dispatch_on(cls, method)
        return method

    def _factory(
        self, func: cst.BaseExpression, scope: FunctionInfo | None, cls: ClassInfo | None, at: int | None,
    ) -> FunctionInfo | None:
        """The function a call `func(...)` runs, where it may be a factory: a function of the
        module by name (`make_train(config)`), or a method of the caller's own class
        (`self.create_train_step_fn()`, which gives back `self._train_step`)."""
        if isinstance(func, cst.Name):
            return self.lookup(func.value, scope, cls, at)
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            return self._method_via_self(func, scope)
        return None

    def _returned_targets(self, factory: FunctionInfo, seen: frozenset[str], index: int | None = None) -> list[Target]:
        """The functions a call of `factory` (a function of the module, or a method of the
        caller's class) gives back, as a marker handed the call takes them: those its `return`s
        name (a closure it defines, a function of the module or a method of the class it
        picks), each evaluated in the factory's own scope; followed once in a chain of factories
        (`seen`), and none for a generator. With an `index`, those at that place of the tuples
        its `return`s spell out (`return init, step` unpacked as `init, step = make(n)`)."""
        key = f"{factory.name}()"
        if key in seen or not isinstance(factory.node, cst.FunctionDef):
            return []
        facts = self._body(factory)
        if facts.yields:
            return []
        values = facts.returns if index is None else [e for value in facts.returns for e in _element(value, index)]
        return [t for value in values for t in self._targets(value, factory, factory.cls, seen | {key})]

    def _element_targets(
        self, value: cst.BaseExpression, index: int, scope: FunctionInfo | None, cls: ClassInfo | None,
        seen: frozenset[str], at: int | None,
    ) -> list[Target]:
        """The functions at place `index` of what `value` evaluates to: of the tuple a call of a
        factory of the module returns (`make(n)[1]`), or of what a name is bound to."""
        if isinstance(value, cst.Name):
            key = f"{value.value}[{index}]"
            if key in seen:
                return []
            return [t for v in _distinct(self._values_of(value.value, scope)) for t in self._element_targets(v, index, scope, cls, seen | {key}, at)]
        if isinstance(value, (cst.Tuple, cst.List)):
            return [t for e in _element(value, index) for t in self._targets(e, scope, cls, seen, at)]
        if not isinstance(value, cst.Call):
            return []
        factory = self._factory(value.func, scope, cls, at)
        return self._returned_targets(factory, seen, index) if factory is not None else []

    def _unpacked(self, name: str, scope: FunctionInfo | None) -> list[tuple[cst.BaseExpression, int]]:
        """The values `name` is unpacked from, with its place, in the nearest scope that
        unpacks it: `init, step = make(n)` gives `step` (`make(n)`, 1). A starred target, or
        one after it, has no fixed place."""
        def places(unpackings) -> list[tuple[cst.BaseExpression, int]]:
            return [
                (value, i) for target, value in unpackings
                for i, element in enumerate(_fixed_places(target.elements))
                if isinstance(element.value, cst.Name) and element.value.value == name
            ]

        fn = scope
        while fn is not None:
            found = places(
                (target, value) for target, value, how in self._body(fn).flows
                if how == "=" and isinstance(target, (cst.Tuple, cst.List)) and not isinstance(value, (cst.Tuple, cst.List))
            )
            if found or name in self._body(fn).local_names:
                return found
            fn = fn.parent
        return places(self.index.module_unpacked)

    def _spelled_keys(self, mapping: cst.BaseExpression, scope: FunctionInfo | None) -> list[tuple[str, cst.BaseExpression]] | None:
        """The keys and values of a mapping `partial` unpacks, where they are spelled out: a
        dict display with string keys or `dict(k=v)`, or a name bound once to one and never
        item-assigned. None where the keys are not known."""
        if isinstance(mapping, cst.Name):
            values = self._values_of(mapping.value, scope)
            if len(values) != 1 or self._item_assigned(mapping.value, scope):
                return None
            mapping = values[0]
        if isinstance(mapping, cst.Dict) and all(
            isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) for e in mapping.elements
        ):
            return [(e.key.evaluated_value, e.value) for e in mapping.elements]  # type: ignore[union-attr]
        if isinstance(mapping, cst.Call) and self.resolve(mapping.func) == "dict" and all(a.keyword is not None for a in mapping.args):
            return [(a.keyword.value, a.value) for a in mapping.args]  # type: ignore[union-attr]
        return None

    def _item_assigned(self, name: str, scope: FunctionInfo | None) -> bool:
        """Whether the function `scope` (or one it is nested in) stores an item into `name`."""
        fn = scope
        while fn is not None:
            if any(
                isinstance(t, cst.Subscript) and isinstance(t.value, cst.Name) and t.value.value == name
                for t, _, _ in self._body(fn).flows
            ):
                return True
            fn = fn.parent
        return False

    def _method_of_instance(self, expr: cst.Attribute, scope: FunctionInfo | None) -> FunctionInfo | None:
        """`counter.count` where every value `counter` is bound to is `Counter(...)`, a plain
        class of this module (framework modules are applied, not bound: acclint.analysis.modules)."""
        assert isinstance(expr.value, cst.Name)
        values = self._values_of(expr.value.value, scope)
        made = {v.func.value for v in values if isinstance(v, cst.Call) and isinstance(v.func, cst.Name)}
        if len(made) != 1 or len(values) != sum(isinstance(v, cst.Call) for v in values):
            return None
        return self._method_of_class(made.pop(), expr.attr.value)

    def _method_of_class(self, class_name: str, name: str) -> FunctionInfo | None:
        """The method `name` of the plain class of this module called `class_name`, whose
        instance a marker is handed the method of (`counter.count` after `counter =
        Counter()`, or `Scaler().apply` made in place: the same bound method, jax 0.10.2,
        benchmarks/jax_spellings.py jit_method)."""
        cls = self.index.classes.get(class_name)
        if cls is None or cls in self.modules.of:
            return None
        method = self.find_method(cls, name)  # its own, or inherited from a base of the module
        if method is None or not method.is_method:
            return None
        self._dispatch_on(cls, method)
        return method

    def _dispatch_on(self, cls: ClassInfo, method: FunctionInfo) -> None:
        """`method` runs in a trace on an instance of `cls`: where a base of `cls` defines it,
        its `self.x(...)` calls (and theirs, in any base up to `cls`) run `cls`'s `x`, as
        Python binds `self` to the `cls` instance (`_dispatch`)."""
        if method.cls is None or method.cls is cls:
            return
        for base in self.modules.module_bases(cls):
            known = self._receivers.setdefault(base, set())
            if cls not in known:
                known.add(cls)
                self._requeue(base)

    def _requeue(self, cls: ClassInfo) -> None:
        """Analyse again the methods of `cls` already traced (a receiver added since)."""
        for method in cls.methods.values():
            if method.contexts:
                self._enqueue(method)

    def _named_targets(self, name: str, scope: FunctionInfo | None, cls: ClassInfo | None, seen: frozenset[str]) -> list[Target]:
        """The functions the values `name` binds stand for. Names that bind each other fan out
        (`a = b` or `a = c`, then `b = d` or `b = e`, ...): each name's answer is kept once it
        is whole, so every path through the same names costs one walk, not one per path. An
        answer cut short by a cycle (a name already on this path) is not kept: it depends on
        the path it was asked from."""
        key = (name, scope, cls)
        if key in self._name_targets:
            return self._name_targets[key]
        if name in seen:
            self._cycles_cut += 1
            return []
        cuts = self._cycles_cut
        # each function once: two names standing for the same function (`y = z = body`) bring it twice
        found = list(dict.fromkeys(t for value in _distinct(self._values_of(name, scope)) for t in self._targets(value, scope, cls, seen | {name})))
        found += [t for value, i in self._unpacked(name, scope) for t in self._element_targets(value, i, scope, cls, seen | {name}, None) if t not in found]
        # a loop's target: each element of what it iterates (`for layer in self.layers: layer.compile()`)
        found += [t for value, where, _made in self.objects.looped(name, scope) for t in self._targets(value, where, cls, seen | {name}) if t not in found]
        if self._cycles_cut == cuts:
            self._name_targets[key] = found
        return found

    def _values_of(self, name: str, scope: FunctionInfo | None) -> list[cst.BaseExpression]:
        """The values `name = value` (also `a, name = v, value`) binds in the nearest scope that
        assigns it."""
        if (name, scope) not in self._values:
            self._values[(name, scope)] = self._bound_values(name, scope)
        return self._values[(name, scope)]

    def _bound_values(self, name: str, scope: FunctionInfo | None) -> list[cst.BaseExpression]:
        """A name a function declares `global` holds the module's values as well as those the
        function assigns it (`global ds; ds = ds.map(parse)` in `main()`: `ds` is still the
        module's dataset, tests/test_global_names.py)."""
        fn = scope
        while fn is not None:
            values = [
                v for target, value, how in self._body(fn).flows if how == "="
                for t, v in element_pairs(target, value) if isinstance(t, cst.Name) and t.value == name
            ]
            if name in self._body(fn).declared_global:
                return values + self.index.module_values.get(name, [])
            if values:
                return values
            fn = fn.parent
        return self.index.module_values.get(name, [])

    def _body(self, fn: FunctionInfo) -> BodyFacts:
        facts = self.body_facts.get(fn)
        if facts is None:
            facts = self._known_bodies.get(fn.node) or collect_body(fn.node, self.facts, self.index.imports)
            self.body_facts[fn] = facts
        return facts

    def lookup(
        self, name: str, scope: FunctionInfo | None, cls: ClassInfo | None = None, at: int | None = None
    ) -> FunctionInfo | None:
        """The function a bare name refers to, by lexical scope (class bodies are skipped):
        in the scope the reference lies in, the `def` that ran last before `at` (its order,
        when known); in the enclosing functions, which have run by the time a body runs, the
        last; at module level, from a body, the `def` that ran last before the body runs
        (ModuleIndex.runs_at: a function redefined in a later cell is the new function only for
        what runs after it), or the last where that is not known or none ran yet."""
        fn = scope
        while fn is not None:
            if name in fn.inner:
                return self.index.live(name, fn, at if fn is scope else None)
            if name in self._body(fn).local_names:
                return None  # a parameter or variable of this scope hides outer functions
            fn = fn.parent
        if scope is None:
            return self.index.live(name, None, at)
        runs = self.index.runs_at(scope) if (None, name) in self.index.redefined else None
        return self.index.live(name, None, runs) or self.index.live(name, None, None)

    def _method_via_self(self, expr: cst.Attribute, scope: FunctionInfo | None) -> FunctionInfo | None:
        """`self.step` inside a method, or a closure in it: the class's (or a same-module base's)
        method `step`; also `Net.step` and a classmethod's `cls.step`. A parameter of that name
        of a closure holds another object, and a staticmethod's first parameter is no `self`.
        Outside the class's methods, `Net.step` names a staticmethod or classmethod of a class of
        the module's top level (a plain method taken from its class wants its `self` passed)."""
        assert isinstance(expr.value, cst.Name)
        name = expr.value.value
        method_scope = scope.enclosing_method if scope is not None else None
        if method_scope is None:
            cls = self.index.classes.get(name)
            free = scope is None or scope.nearest_binder(name, lambda fn: {p.name for p in fn.params}) is None
            method = self.find_method(cls, expr.attr.value) if cls is not None and free else None
            return method if method is not None and method.instance_param is None else None
        binder = scope.nearest_binder(name, lambda fn: {p.name for p in fn.params})
        if binder is None:
            holds_class = name == method_scope.cls.name
        else:
            holds_class = binder is method_scope and name in (method_scope.instance_param, method_scope.class_param)
        return self.find_method(method_scope.cls, expr.attr.value) if holds_class else None

    def instance_call(self, cls: ClassInfo | None) -> FunctionInfo | None:
        """The method a call of an instance of the module class `cls` runs (`__call__`, or
        Keras' `call`: acclint.analysis.modules.ModuleClasses.runs)."""
        return self.find_method(cls, self.modules.runs(cls)) if cls is not None else None

    def runners(self, fn: FunctionInfo) -> set[FunctionInfo]:
        """The functions whose traces run `fn`: those calling it in a trace, to any depth (a
        jitted closure calling `self._env.reset(key)` runs the env's `reset`)."""
        found: set[FunctionInfo] = set()
        todo = [fn]
        while todo:
            for caller in self._callers.get(todo.pop(), ()):
                if caller not in found:
                    found.add(caller)
                    todo.append(caller)
        return found

    def find_method(self, cls: ClassInfo, name: str, seen: frozenset[int] = frozenset()) -> FunctionInfo | None:
        if id(cls) in seen:
            return None
        found = cls.methods.get(name)
        if found is not None:
            return found
        for base in cls.bases:
            base_cls = self._module_class(base)
            if base_cls is not None:
                found = self.find_method(base_cls, name, seen | {id(cls)})
                if found is not None:
                    return found
        return None

    def _module_class(self, base: cst.BaseExpression) -> ClassInfo | None:
        return self.modules.module_class(base)

    # -- applying contexts --------------------------------------------------------------
    def _apply(self, marker: Marker, opts: Options, target: Target) -> None:
        name = self.markers.variant(marker.name, opts.flags) if opts.flags else marker.name
        self._add(target.function, {marker.kind}, {name}, _entry(marker, opts, target), set(target.given))

    def _add(
        self, fn: FunctionInfo, contexts: set[str], markers: set[str], kinds: dict[str, Kind],
        given: set[str] = frozenset(), passed: set[str] | None = None, inside: bool = False,
    ) -> None:
        """Record one traced reach of `fn`: its contexts, its parameters' kinds (in the trace of
        each of those contexts), its markers, which parameters this reach surely passes
        something other than `None`, and which it passes at all (None: any of them, as a
        marker's caller may); `inside`: the reach is a traced function's code running `fn`."""
        if self._runs_on_host(fn):
            return  # whoever reaches it runs it eagerly, on the host
        if inside:
            self.inside_traces.add(fn)
        fn.given = set(given) if fn.given is None else fn.given & given
        passed_before = len(fn.passed)
        fn.passed |= {p.name for p in fn.params} if passed is None else passed
        fn.record_reach(frozenset(given), kinds)
        markers = self._as_decorated(fn, markers)
        for framework in {self.markers.framework_of_marker.get(m) for m in markers} - {None}:
            before = fn.given_by.get(framework)
            fn.given_by[framework] = set(given) if before is None else before & given
        # a parameter passed for the first time may make a branch live (`_live_calls`)
        changed = not markers <= fn.markers or len(fn.passed) != passed_before
        for context in contexts:
            trace = fn.traces.get(context)
            if trace is None:
                trace = fn.traces[context] = Trace()
                changed = True
            grew = {name: kind for name, kind in kinds.items() if kind > trace.params.get(name, STATIC)}
            trace.params.update(grew)
            changed = changed or bool(grew)
        if not changed:
            return
        fn.contexts |= contexts
        fn.markers |= markers
        self._enqueue(fn)

    def _as_decorated(self, fn: FunctionInfo, markers: set[str]) -> set[str]:
        """The markers of a reach of `fn` that judge it: where `fn` is decorated by a marker of
        a framework, whoever reaches it calls what that marker made, so another framework's
        reach does not run `fn`'s own code by its semantics (Keras calls a `@tf.function`
        `call`, which AutoGraph converts: docs/contexts.md, "Decorated by a marker")."""
        own = self._decorator_frameworks(fn)
        if not own:
            return markers
        return {m for m in markers if self.markers.framework_of_marker.get(m, "") in own}

    def _decorator_frameworks(self, fn: FunctionInfo) -> frozenset[str]:
        """The frameworks of the markers decorating `fn` (none for a user's own accelerator,
        which belongs to no framework)."""
        found = self._decorated_frameworks.get(fn)
        if found is None:
            found = frozenset()
            if isinstance(fn.node, cst.FunctionDef):
                for decorator in fn.node.decorators:
                    applied = self._marker_of(decorator.decorator)
                    if applied is None:
                        continue
                    marker, opts = applied
                    name = self.markers.variant(marker.name, opts.flags) if opts.flags else marker.name
                    owner = self.markers.framework_of_marker.get(name)
                    if owner is not None:
                        found |= {owner}
            self._decorated_frameworks[fn] = found
        return found

    def _enqueue(self, fn: FunctionInfo) -> None:
        if fn not in self._queued:
            self._queued.add(fn)
            self._queue.append(fn)

    # -- other modules -------------------------------------------------------------------
    def _apply_seeds(self) -> None:
        """Put the functions other modules reach in the contexts they are reached in."""
        for seed in self.seeds:
            if isinstance(seed, Returned):
                key = (seed.function, seed.call)
                self._returned_in[key] = _join_returns(self._returned_in.get(key), seed.kinds)
                continue
            if not isinstance(seed, Seed):
                continue  # `Imported`: read into the module's value facts (acclint.analysis.module)
            fn = self.seeded(seed.function, handed=seed.marker is not None, dispatched=bool(seed.receiver))
            if fn is None:
                self._to_bases(seed)
                continue
            fn.origin = fn.origin or seed.origin
            if seed.receiver and fn.cls is not None:
                for cls in (fn.cls, *self.modules.module_bases(fn.cls)):
                    self._foreign_receivers.setdefault(cls, set()).add(seed.receiver)
            marker = self.markers.get(seed.marker)
            if marker is not None:
                self._apply(marker, seed.options, Target(fn))
            elif seed.call is not None:
                self._add(fn, set(seed.contexts), set(seed.markers), *_receive(fn, seed.call), inside=True)

    def _to_bases(self, seed: Seed) -> None:
        """Send on a reach of a method (`Flip.__call__`: what calling an instance runs) that a
        class of this module neither defines nor inherits from a base of this module, to each
        of its bases (at any depth within the module) imported from another: the class inherits
        the method from there (kornia's `RandomHorizontalFlip`, whose `forward` is
        `_BasicAugmentationBase`'s, three modules up). Bases that inherit from each other
        across modules send the same seed round, which the project layer gives once."""
        owner, dot, method = seed.function.partition(".")
        cls = self.index.classes.get(owner) if dot else None
        if cls is None or self.in_project is None:
            return
        found = self.objects.runs(cls) if method == "__call__" else self.find_method(cls, method)
        if found is not None:
            return
        receiver = seed.receiver or (f"{self.module_name}.{owner}" if self.module_name else "")
        for qualified in self._project_bases(cls):
            self.outgoing.append((f"{qualified}.{method}", replace(seed, function="", receiver=receiver)))

    def _project_bases(self, cls: ClassInfo) -> list[str]:
        """The qualified names of the bases of `cls` (and of its bases of this module) that
        another module of the project defines."""
        if self.in_project is None:
            return []
        found = []
        for base in self._outer_bases(cls, frozenset()):
            qualified = self.resolve(base) if self.index.imports.is_imported(base) else None
            if qualified is not None and not qualified.startswith(self.markers.modelled) and self.in_project(qualified):
                found.append(qualified)
        return found

    def _kind_unseen(self, cls: ClassInfo) -> bool:
        """Whether `cls` derives from a class this module cannot see: one another module of the
        project defines, or an attribute of no import (haiku's `class hk: Module =
        module.Module` namespace in its own sources; a plain name that is no import is a
        builtin: `object`, `Exception`)."""
        return bool(self._project_bases(cls)) or any(
            isinstance(base, cst.Attribute) and not self.index.imports.is_imported(base) for base in self._outer_bases(cls, frozenset())
        )

    def _outer_bases(self, cls: ClassInfo, seen: frozenset[int]) -> list[cst.BaseExpression]:
        """The bases of `cls`, and of its bases of this module, that are no class of this module."""
        if id(cls) in seen:
            return []
        found = []
        for base in cls.bases:
            local = self._module_class(base)
            if local is not None:
                found += self._outer_bases(local, seen | {id(cls)})
            elif isinstance(base, (cst.Name, cst.Attribute)):
                found.append(base)
        return found

    def _reach_out(
        self, func: cst.BaseExpression, origin: str, call: CallShape | None = None,
        contexts: frozenset[str] = frozenset(), markers: frozenset[str] = frozenset(),
        marker: Marker | None = None, options: Options = Options(), method: str = "",
    ) -> None:
        """Record a traced reach of an imported function (or of a `method` of an imported
        class: `Block.__call__`), for the project layer to resolve."""
        if not isinstance(func, (cst.Name, cst.Attribute)) or not self.index.imports.is_imported(func):
            return
        qualified = self.resolve(func)
        if qualified is not None:
            self._send(qualified, origin, call, contexts, markers, marker, options, method)

    def _send(
        self, qualified: str, origin: str, call: CallShape | None = None,
        contexts: frozenset[str] = frozenset(), markers: frozenset[str] = frozenset(),
        marker: Marker | None = None, options: Options = Options(), method: str = "", receiver: str = "",
    ) -> None:
        """Record a traced reach of the imported name `qualified` (`_reach_out`'s)."""
        if self.in_project is None or qualified.startswith(self.markers.modelled) or not self.in_project(qualified):
            return
        if marker is not None:
            contexts, markers = frozenset({marker.kind}), frozenset({marker.name})
        seed = Seed("", contexts, markers, origin, call, marker.name if marker else None, options, receiver)
        self.outgoing.append((f"{qualified}.{method}" if method else qualified, seed))

    def _return_to_seeds(self) -> None:
        """What each function reached by another module's traced call returns to that call:
        the function's body evaluated with the kinds that call alone passes (another caller's
        tracers do not make this one's result traced), kept where it holds tracers."""
        for seed in self.seeds:
            if not isinstance(seed, Seed) or seed.call is None or seed.marker is not None:
                continue
            fn = self.seeded(seed.function)
            if fn is None or not fn.contexts:
                continue
            facts = self._body(fn)
            kinds = _receive(fn, seed.call)[0]
            query = ValueQuery(kinds, self.imports_of(fn), self.facts, facts, self.callee_returns(fn, seed.contexts), cached=CACHED in seed.contexts)
            propagate(kinds, facts, query)
            returns = _return_kinds(facts, query)
            if holds_tracers(returns):
                self.returned.append((seed, returns))

    def _imported_returns(self, call: cst.Call, fn: FunctionInfo, query: ValueQuery) -> ReturnKinds | None:
        """What another module said an imported function, or the `__call__` of an imported
        submodule class (a pytree at most: `module_output`), returns to a call of this shape."""
        if not self._returned_in:
            return None
        func = call.func
        made = self.modules.called_import(func, fn, self._values_of)
        if made is None and (not isinstance(func, (cst.Name, cst.Attribute)) or not self.index.imports.is_imported(func)):
            return None
        qualified = self.resolve(made if made is not None else func)
        if qualified is None:
            return None
        if made is not None:
            returns = self._returned_in.get((f"{qualified}.__call__", _shape_of_call(call, query)))
            return None if returns is None else module_output(returns)
        return self._returned_in.get((qualified, _shape_of_call(call, query)))

    def _where(self, fn: FunctionInfo | None) -> str:
        """`module.function` for messages: where a traced reach comes from."""
        names = []
        while fn is not None:
            names.append(fn.name if fn.cls is None else f"{fn.cls.name}.{fn.name}")
            fn = fn.parent
        return ".".join([self.module_name or "<module>", *reversed(names)])

    def origin_of(self, fn: FunctionInfo) -> str:
        """What a reach from `fn` is reached from: its own origin, or `fn` and its marker."""
        return fn.origin or f"{self._where(fn)} ({', '.join(sorted(fn.markers)) or 'traced'})"

    def _mark_traced_classes(
        self, eager: set[ClassInfo], called: set[FunctionInfo] = frozenset(), only: set[FunctionInfo] | None = None,
    ) -> None:
        """Methods of subclasses of a traced class (an `Acceleratable` layer, a flax or haiku
        module), at any depth of subclassing within the module, are cached contexts; what
        their parameters hold when no seen call reaches them: acclint.analysis.modules.
        `eager`: classes the module only runs eagerly (acclint.analysis.eager_modules), left
        out; `called`: methods left out, for the calls seen to reach them; `only`: these alone."""
        for cls, traced in self.modules.of.items():
            if cls in eager:
                continue  # only run eagerly (init, apply, a direct call) by this script or notebook
            for method in cls.methods.values():
                if method in called or (only is not None and method not in only):
                    continue
                if method.name in traced.methods or self._decorated_by(method, traced.decorators):
                    sizes = frozenset(
                        p.name for p in method.call_params[:1]
                        if traced.inputs == "first" and used_only_as_size(method.node, p.name, self.resolve, self.facts.size_functions)
                    )
                    kinds = entry_kinds(method.call_params, traced.inputs, sizes)
                    kinds.update(dict.fromkeys(self._string_parameters(method), STATIC))
                    self._add(method, {CACHED}, set(traced.bases), kinds)

    def _string_parameters(self, method: FunctionInfo) -> set[str]:
        """The parameters of the method an instance of its class runs when called (`call`,
        `__call__`) that every call of an instance this module makes passes a string literal,
        where some call does (`masker(graph, "aa")` in a test function): a layer hands its
        method its arguments unchanged and no framework traces a str, so each holds a Python
        str in every trace (benchmarks/framework_runs.py: keras_str_call_argument)."""
        if method.cls is None or method is not self.instance_call(method.cls):
            return set()
        found: set[str] | None = None
        for call in self._instance_calls.get(method.cls, ()):
            given = passed(call, method, bound=True)
            strings = {name for name, value in given.items() if isinstance(value, (cst.SimpleString, cst.ConcatenatedString))}
            found = strings if found is None else found & strings
        return found or set()

    @cached_property
    def _instance_calls(self) -> dict[ClassInfo, list[cst.Call]]:
        """The calls of an instance of each module class this module makes, anywhere."""
        found: dict[ClassInfo, list[cst.Call]] = {}
        module_level = [node for walk in self.index.walks.values() for node, fn, cls in walk if fn == cls == -1 and type(node) is cst.Call]
        scoped = [(call, fn) for fn in self.index.all_functions for call in self._body(fn).calls]
        for call, scope in [*((call, None) for call in module_level), *scoped]:
            cls = self.modules.called_class(call.func, scope, self._values_of)
            if cls is not None:
                found.setdefault(cls, []).append(call)
        return found

    def _submodule_calls(self) -> set[FunctionInfo]:
        """The `__call__` methods of this module's module classes that a call is seen to reach:
        a submodule's call in a method of a module class (`self.block(x, mode)`), or another
        module's (a `Block.__call__` seed)."""
        found: set[FunctionInfo] = set()
        for seed in self.seeds:
            if isinstance(seed, Seed) and seed.call is not None and "." in seed.function:
                method = self.seeded(seed.function)
                if method is not None:
                    found.add(method)
        if not self.modules.of:
            return found
        for fn in self.index.all_functions:
            root = fn.outermost
            if root.cls not in self.modules.of:
                continue
            for call in self._body(fn).calls:
                cls = self.modules.called_class(call.func, fn, self._values_of)
                method = self.instance_call(cls) if cls is not root.cls else None
                if method is not None and method.cls in self.modules.of:
                    found.add(method)
        return found

    def seeded(self, name: str, handed: bool = False, dispatched: bool = False) -> FunctionInfo | None:
        """The function another module's seed names: a module-level function, or the method
        of a module class (`Block.__call__`, a submodule's call), or, where another module
        `handed` an instance of a class to a marker (`torch.compile(model)`, or one a function
        of this module made: `torch.compile(build_model())`) or called one in a trace (`model:
        Transformer` called as `model(x)`), what calling it runs of any class
        (acclint.analysis.objects). A method handed to a marker as a bound method of an
        instance (`jax.jit(env.step)`), or called on `self` by a base's method another module
        runs on an instance of the class (`dispatched`), is the class's own or inherited one."""
        owner, dot, method = name.partition(".")
        if not dot:
            return self.index.functions.get(name)
        returned = returned_of(name) if handed else None
        if returned is not None:  # what `owner` returns, handed to another module's marker
            factory = self.index.functions.get(returned[0])
            found = {t.function for t in self._returned_targets(factory, frozenset(), returned[1])} if factory is not None else set()
            return found.pop() if len(found) == 1 else None
        cls = self.index.classes.get(owner)
        if cls is not None and method != "__call__" and cls not in self.modules.of and (handed or dispatched):
            found = self.find_method(cls, method)
            if found is not None and found.is_method:
                self._dispatch_on(cls, found)
                return found
        if cls is None and handed and method == "__call__" and owner in self.index.functions:
            # `torch.compile(build_model())` in another module: the instance the factory makes
            cls = self.objects.made_by(self.index.functions[owner])
            return self.seeded(f"{cls.name}.{method}", handed) if cls is not None else None
        if cls is not None and method == "__call__" and cls not in self.modules.of and (handed or not self._kind_unseen(cls)):
            # called in a trace (a submodule, an annotated parameter): only a class whose kind
            # this module sees, its bases its own or a library's; one deriving from a class it
            # cannot see may be a framework module (maxtext's `MLA(Attention)`, an nnx module;
            # haiku's `Linear(hk.Module)`) whose attribute writes are that framework's state
            return self.objects.runs(cls)
        if cls not in self.modules.of:
            return None
        return self.find_method(cls, method) or (self.instance_call(cls) if method == "__call__" else None)

    def _runs_on_host(self, fn: FunctionInfo) -> bool:
        """Whether `fn` runs on the host, eagerly, whoever calls it: decorated by an opaque
        wrapper that is not transparent (`@tf.py_function(Tout=...)`), or by a decorator of this
        module that hands its function to one and never calls it itself (`def map_decorator(
        func): def wrapper(*a): return tf.py_function(func, a, Tout)`). Such a function is in
        no traced context, whatever marker it is handed to (`ds.map(f)`)."""
        if not isinstance(fn.node, cst.FunctionDef):
            return False
        found = self._host_functions.get(fn)
        if found is None:
            found = self._host_functions[fn] = any(self._host_decorator(d.decorator) for d in fn.node.decorators)
        return found

    def _host_decorator(self, expr: cst.BaseExpression) -> bool:
        """Whether decorating a function with `expr` makes it run on the host (`_runs_on_host`)."""
        if self._hands_to_host(self.resolve(expr.func if isinstance(expr, cst.Call) else expr)):
            return True
        decorator = self.index.functions.get(expr.value) if isinstance(expr, cst.Name) else None
        if decorator is None or not decorator.params:
            return False
        func = decorator.params[0].name
        handed = False
        scopes = [decorator]
        while scopes:
            scope = scopes.pop()
            scopes += self._nested.get(scope, ())
            for call in self._body(scope).calls:
                if isinstance(call.func, cst.Name) and call.func.value == func:
                    return False  # the decorator's function runs where its wrapper does
                handed = handed or (self._hands_to_host(self.resolve(call.func)) and any(
                    isinstance(a.value, cst.Name) and a.value.value == func for a in call.args
                ))
        return handed

    def _hands_to_host(self, name: str | None) -> bool:
        return _opaque(name, self.markers) and name not in self.markers.transparent

    def _decorated_by(self, fn: FunctionInfo, decorators: frozenset[str]) -> bool:
        return isinstance(fn.node, cst.FunctionDef) and any(self.resolve(d.decorator) in decorators for d in fn.node.decorators)

    # -- traced values and helpers --------------------------------------------------------
    def imports_of(self, fn: FunctionInfo) -> ImportTable:
        """The module's imports as `fn` sees them: with its parameters that stand for a module
        where a traced reach leaves them at their default (`xnp=np`: acclint.analysis.module_defaults)."""
        return self.index.imports.with_names(module_defaults(fn, self.index.imports, self._body(fn)))

    def _analyse(self, fn: FunctionInfo) -> None:
        """Work out the kinds of `fn`'s values in each kind of context it is reached in, and
        hand them on to the helpers it calls in that kind."""
        facts = self._body(fn)
        grew = returned = False
        for context, trace in list(fn.traces.items()):
            kinds: dict[str, Kind] = {}
            if fn.parent is not None:  # a closure sees its enclosing function's values
                kinds.update((name, kind) for name, kind in _enclosing(fn.parent, context).items() if name not in facts.local_names)
            kinds.update(trace.params)
            query = ValueQuery(kinds, self.imports_of(fn), self.facts, facts, self.callee_returns(fn, {context}), cached=context == CACHED)
            propagate(kinds, facts, query)
            grew = grew or kinds != trace.names
            trace.names = kinds
            for call in self._live_calls(fn, facts):
                here = query.within(facts.call_scopes.get(call, ()))
                if not self._raises_first(fn, context, call, here):
                    self._propagate_call(fn, context, call, here)
            returns = _return_kinds(facts, query)
            returned = returned or returns != trace.returns
            trace.returns = returns
        if grew:
            for inner in self._nested.get(fn, ()):
                if inner.contexts:
                    self._enqueue(inner)
        self._run_derivative_rules(fn)
        if returned:
            self._analyses[fn] = self._analyses.get(fn, 0) + 1
            if self._analyses[fn] <= MAX_RETURN_UPDATES:  # a bound for recursive helpers
                for caller in self._callers.get(fn, ()):
                    self._enqueue(caller)

    def _run_derivative_rules(self, fn: FunctionInfo) -> None:
        """The rules a custom-derivative function registers (`f.defvjp(fwd, bwd)`, `@f.defjvp`:
        `[derivative_rules]`) run where `f` is differentiated, in each trace `f` runs in. What
        they receive is traced but for Python values JAX hands over as they are (jax 0.10.2
        runs): the arguments at `nondiff_argnums` (leading in `bwd` and `jvp`, in place in
        `fwd`), and `bwd`'s residuals, which keep the Python numbers `fwd` put in them (an `int`
        arrives as an `int`): only `bwd`'s cotangent is surely traced."""
        makers = [d.decorator for d in fn.node.decorators if self._names_rule_maker(d.decorator)] if isinstance(fn.node, cst.FunctionDef) else []
        if not makers:
            return  # the decorators first: the walk below is made only in a module that has such a function
        static = _literal_ints(makers[0], self.markers.rule_static_keyword)
        for expr, scope, place, method in self._derivative_rules.get(fn.name, ()):
            for target in self._targets(expr, scope, None):
                params = target.function.call_params[target.bound_positional:]
                if method == "defvjp" and place == 1:  # bwd(*nondiff, res, g)
                    kinds = {p.name: UNKNOWN for p in params[:-1]} | entry_kinds(params[-1:], "all")
                else:  # fwd(*args) with the static ones in place; jvp(*nondiff, primals, tangents)
                    kinds = entry_kinds(params, "all")
                    held = static if method == "defvjp" else range(len(static))
                    kinds.update({params[i].name: UNKNOWN for i in held if i < len(params)})
                self._add(target.function, set(fn.traces), set(fn.markers), kinds, inside=True)

    def _names_rule_maker(self, decorator: cst.BaseExpression) -> bool:
        """`@jax.custom_vjp`, or `@functools.partial(jax.custom_vjp, nondiff_argnums=...)`."""
        if isinstance(decorator, cst.Call) and self.resolve(decorator.func) in PARTIAL and decorator.args:
            decorator = decorator.args[0].value
        return self.resolve(decorator) in self.markers.rule_makers

    @cached_property
    def _derivative_rules(self) -> dict[str, list[tuple[cst.BaseExpression, FunctionInfo | None, int, str]]]:
        """Name -> the rules registered on it (`name.defvjp(fwd, bwd)`: each argument, with the
        function the call is made in, its place and the method; `@name.defjvp`: the function it
        decorates), read off the index's walks once, when a function with derivative rules is
        first analysed."""
        methods = self.markers.rule_methods
        found: dict[str, list[tuple[cst.BaseExpression, FunctionInfo | None, int, str]]] = {}
        for walk in self.index.walks.values():
            made: list = []
            for node, fn_at, _cls_at in walk:
                kind = type(node)
                if kind is cst.FunctionDef or kind is cst.Lambda or kind is cst.ClassDef:
                    made.append(self.index.by_node.get(node))
                scope = made[fn_at] if fn_at >= 0 and isinstance(made[fn_at], FunctionInfo) else None
                if kind is cst.Call and _method_call_on_name(node.func, methods):
                    found.setdefault(node.func.value.value, []).extend(
                        (a.value, scope, i, node.func.attr.value) for i, a in enumerate(node.args) if not a.star
                    )
                elif kind is cst.FunctionDef:
                    for d in node.decorators:
                        if _method_call_on_name(d.decorator, methods):
                            found.setdefault(d.decorator.value.value, []).append((node.name, scope, 0, d.decorator.attr.value))
        return found

    def _raises_first(self, fn: FunctionInfo, context: str, call: cst.Call, query: ValueQuery) -> bool:
        """Whether an argument of `call` converts a value traced in `fn`'s trace of kind
        `context` where every framework tracing `fn` raises on that (`meter.update(float(loss))`
        under jax.jit; acclint.analysis.raised_first): the call never runs in the trace, and
        nothing it calls is traced from here."""
        return all(
            any(query.kind(value) >= TREE for value in self._converted_values(call, framework, context))
            for framework in self.markers.frameworks_of(fn.markers)
        )

    def _converted_values(self, call: cst.Call, framework: Framework, context: str) -> tuple[cst.BaseExpression, ...]:
        """`converted_values` of `call`, worked out once: `_raises_first` asks it of every live
        call on every round of the fixpoint, and only what is traced changes between rounds."""
        key = (call, framework, context)
        found = self._conversions.get(key)
        if found is None:
            found = self._conversions[key] = converted_values(call, framework, (context,), self.resolve)
        return found

    def _live_calls(self, fn: FunctionInfo, facts: BodyFacts) -> list[cst.Call]:
        """The calls of `fn`'s body a trace may run: not those in a branch that literal defaults
        no traced reach overrides decide against (`if use_cpu: fill_indices_cpu(...)` with
        `use_cpu=False` left out by every caller), which the rules skip too (lint.engine); a
        reach that passes the parameter later makes the branch live again (`_add`)."""
        known = fn.known_values(facts.flows_into)
        if not known:
            return facts.calls
        around = self._branches.get(fn)
        if around is None:
            around = self._branches[fn] = branches_around_calls(fn.node)
        return [call for call in facts.calls if not decided_against(around.get(id(call), ()), known)]

    def callee_returns(
        self, fn: FunctionInfo, contexts: Collection[str]
    ) -> Callable[[cst.Call, ValueQuery], ReturnKinds | None]:
        """For calls made in `fn` in the traces of `contexts`: what the callee returns there,
        when it is an analysed helper, a transformed function (`jax.value_and_grad(loss)(params,
        x)` in a trace returns a pytree of tracers), or a function of another module that said
        what it returns to a call of this shape."""

        def check(call: cst.Call, query: ValueQuery) -> ReturnKinds | None:
            func = call.func
            if isinstance(func, cst.Call) and fn.contexts and self._marker_of(func.func) is not None:
                # a pytree of tracers; an array where the function handed over is an array
                # operation (`jax.jit(lax.gt)(x, 0.0)` in a trace)
                handed = self.resolve(func.args[0].value) if func.args else None
                return TRACED if handed is not None and handed.startswith(self.facts.array_namespaces) else TREE
            record = self.records.construct(call, query)
            if record is not None:
                return record
            mapped = self._mapped_leaves(call, fn, contexts) if fn.contexts else None
            if mapped is not None:
                return mapped
            callee = self._callee(func, fn, self.index.call_order.get(func))
            if callee is not None:
                returns = _returns_in(callee, contexts)
                if returns is not None and callee.cls in self.modules.of and callee.name == self.modules.runs(callee.cls):
                    return module_output(returns)
                return returns
            if fn.contexts and (
                (isinstance(func, cst.Attribute) and self.objects.holds_layer(func, fn, query.is_layer)) or self._own_instance(func, fn)
            ):
                # `self.fc(x)` after `self.fc = nn.Linear(3, 3)`: a library's layer maps a traced
                # array to one; so does a module calling itself (`self(x)`) whose class inherits
                # the method a call runs
                if max((query.kind(a.value) for a in call.args), default=STATIC) >= TREE:
                    return TRACED
            return self._imported_returns(call, fn, query) if fn.contexts else None

        return check

    def _mapped_leaves(self, call: cst.Call, fn: FunctionInfo, contexts: Collection[str]) -> Kind | None:
        """What a tree map (`leaf_maps`: `jtu.tree_map(f, tangents)`) of a function this project
        defines makes in the traces of `contexts`: a tree of what `f` returns there, so Python
        values where `f` returns one whatever leaf it gets (equinox's `_not_symbolic_zero`, an
        `isinstance` test), tracers where it computes on the leaf. None where `f` is no single
        function analysed here (a lambda or a library call, which the query reads itself)."""
        handed = call.args[0].value if call.args and call.args[0].keyword is None else None
        if not isinstance(handed, (cst.Name, cst.Attribute)) or self.resolve(call.func) not in self.facts.leaf_maps:
            return None
        targets = self._targets(handed, fn, None, at=self.index.call_order.get(call.func))
        if len(targets) != 1 or targets[0].bound_positional:
            return None
        returns = _returns_in(targets[0].function, contexts)
        if returns is None:
            return None
        return container_of(returns if isinstance(returns, Kind) else max(returns, default=STATIC))

    def _propagate_call(self, fn: FunctionInfo, context: str, call: cst.Call, query: ValueQuery) -> None:
        """Hand what a call in `fn`'s trace of kind `context` passes to the functions it runs
        in that trace (`query`: the values there)."""
        callee_name = self.resolve(call.func)
        if _opaque(callee_name, self.markers):
            return
        named = self._named(call.func, callee_name, fn)
        marker, given_options = named if named is not None else (None, Options())
        at = self.index.call_order.get(call.func)
        # A direct call of a helper: its parameters get the kinds of the arguments.
        helper = self._callee(call.func, fn, at)
        if helper is not None and self._runs_on_host(helper):
            return
        self._dispatch(fn, context, call, query, helper)
        if helper is not None:
            self._callers.setdefault(helper, set()).add(fn)
            helper.origin = helper.origin or fn.origin
            here = self._query_where_read(fn, context, call, query)
            self._add(helper, {context}, set(fn.markers), *_receive(helper, _shape_of_call(call, here)), inside=True)
        elif fn.contexts and (applied := self._apply_call(call, fn, query)) is not None:
            self._add(applied[0], {context}, set(fn.markers), *_receive(*applied), inside=True)
        elif fn.contexts and (stored := self._stored_calls(call, fn, context, query)):
            for function, shape in stored:
                self._callers.setdefault(function, set()).add(fn)
                self._add(function, {context}, set(fn.markers), *_receive(function, shape), inside=True)
        elif marker is None:
            # a call of an imported function, or of a submodule (or a parameter annotated with
            # a class: `model: Transformer`) whose class is imported
            imported = (
                self.modules.called_import(call.func, fn, self._values_of) or self.objects.annotated_import(call.func, fn)
            ) if fn.contexts else None
            self._reach_out(
                imported or call.func, self.origin_of(fn), _shape_of_call(call, query), frozenset({context}),
                frozenset(fn.markers), method="__call__" if imported is not None else "",
            )
        # Functions handed to a marker or to a call that runs them (tree_map) run in this trace.
        runs_method = marker is None and _runs_method(call, self.markers)
        if marker is None and callee_name not in self.markers.runs_functions and not runs_method:
            return
        if marker is not None and marker.kind == KERNEL:
            # a Pallas kernel compiled in this cached trace, or a kernel's pipelined body
            if context in (CACHED, KERNEL):
                for fun_expr in self._function_args(marker, call):
                    for target in self._targets(fun_expr, fn, None, at=at):
                        params = target.function.call_params[target.bound_positional:]
                        kinds = {p.name: UNKNOWN for p in params if p.name not in target.bound_names}  # not `partial(k, cfgs=cfgs)`'s
                        self._add(target.function, {KERNEL}, {marker.name}, kinds, inside=True)
            return
        # An inferred wrapper (acclint.analysis.wrappers) traces what it hands on and nothing
        # else: another callable it is given is data it may run anywhere (numpyro's
        # `fori_collect(..., progbar_desc=partial(describe, n))` runs it in its eager tqdm loop).
        wrapped = None
        if marker is not None and self.markers.get(callee_name) is None and self.objects.method_marker(call.func, fn) is None:
            wrapped = {id(e) for e in self._function_args(marker, call)}
        for arg in call.args:
            value = arg.value
            if not isinstance(value, (cst.Name, cst.Lambda, cst.Attribute, cst.Call)):
                continue
            if isinstance(value, cst.Call) and self.resolve(value.func) not in PARTIAL:
                continue
            if wrapped is not None and id(value) not in wrapped:
                continue
            if runs_method and arg is not call.args[0]:
                continue  # `strategy.run(fn, args=...)` runs its first argument only
            for target in self._targets(value, fn, None, at=at):
                if marker is not None and context != CACHED:
                    self._add(target.function, {context}, set(fn.markers), {}, set(target.given), inside=True)
                    continue
                params = [p for p in target.function.call_params[target.bound_positional:] if p.name not in target.bound_names]
                if marker is not None:
                    # The parameters the marker traces hold tracers of this trace too (its
                    # own site records them in its own kind of context); the rest receive
                    # values of this trace, which may be tracers or Python values.
                    kinds = {p.name: UNKNOWN for p in params if not p.plain_typed}
                    kinds.update(_entry(marker, given_options.merged(_options(call.args, self.markers)), target))
                else:
                    kinds = _callback_kinds(params, call, arg, callee_name or "", query)
                    self._callers.setdefault(target.function, set()).add(fn)  # what it returns is mapped here
                kinds = _partial_bindings(target, kinds, query)
                self._add(target.function, {context}, set(fn.markers), kinds, set(target.given), inside=True)

    def _query_where_read(self, fn: FunctionInfo, context: str, call: cst.Call, query: ValueQuery) -> ValueQuery:
        """`query` with the names `call` passes given what the bindings that reach it gave
        them (acclint.analysis.reaching): `add_n(nodes)` under `elif` passes the list, not the
        tensor another branch stacks it into."""

        def spans() -> Spans:
            found = self._spans.get(fn)
            if found is None:
                found = self._spans[fn] = Spans.of_function(fn.node)
            return found

        return query_where_read(call, fn, frozenset({context}), self._body(fn), query, None, spans)

    def _dispatch(self, fn: FunctionInfo, context: str, call: cst.Call, query: ValueQuery, helper: FunctionInfo | None) -> None:
        """`self.x(...)` in a traced method of a class whose methods run on instances of its
        subclasses (`_dispatch_on`, a seed's `receiver`): the subclass's `x` runs there too,
        in this module or, for a subclass of another module, sent to it."""
        func = call.func
        method_scope = fn.enclosing_method
        if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name) or method_scope is None:
            return
        name = func.value.value
        if name != method_scope.instance_param or fn.nearest_binder(name, lambda f: {p.name for p in f.params}) is not method_scope:
            return
        cls = method_scope.cls
        local, foreign = self._receivers.get(cls, ()), self._foreign_receivers.get(cls, ())
        if not local and not foreign:
            return
        shape = _shape_of_call(call, query)
        for receiver in local:
            override = self.find_method(receiver, func.attr.value)
            if override is not None and override is not helper:
                self._callers.setdefault(override, set()).add(fn)
                self._add(override, {context}, set(fn.markers), *_receive(override, shape), inside=True)
        for qualified in foreign:
            self._send(qualified, self.origin_of(fn), shape, frozenset({context}), frozenset(fn.markers), method=func.attr.value, receiver=qualified)

    def _apply_call(self, call: cst.Call, fn: FunctionInfo, query: ValueQuery) -> tuple[FunctionInfo, CallShape] | None:
        """`model.apply(variables, x, train)`: the `__call__` it runs and what it receives
        (acclint.analysis.applied)."""
        cls = applied_class(call, fn, self.modules, self._values_of)
        method = self.find_method(cls, "__call__") if cls is not None else None
        shape = applied_shape(_shape_of_call(call, query), self.modules.of[cls].apply_keywords) if method is not None else None
        return (method, shape) if shape is not None else None

    def _stored_calls(self, call: cst.Call, fn: FunctionInfo, context: str, query: ValueQuery) -> list[tuple[FunctionInfo, CallShape]]:
        """`state.apply_fn(variables, x)`, `self.fn(x)`: the functions of this module that the
        objects it makes keep under the attribute called, each with what it receives
        (acclint.analysis.stored); a model's `apply` kept so runs its `__call__`, or the method
        `method=` names. A model of a class another module defines (`model = Net()`, `Net`
        imported) is sent there, as a call of that method in this trace (`_reach_out`)."""
        if not isinstance(call.func, cst.Attribute):
            return []
        receiver = call.func.value
        recorded = self._recorded_calls(call, fn, query)
        if recorded:
            return recorded
        cls = (
            fn.own_class(receiver.value) if isinstance(receiver, cst.Name) else None
        ) or self.objects.instance_class(receiver, fn) or self.objects.annotated_class(receiver, fn)
        found = []
        for value, scope in self.stored.values(call.func.attr.value, cls):
            cls = apply_method_class(value, scope, self.modules, self._values_of)
            if cls is not None:
                method = self.find_method(cls, applied_method(call))
                shape = applied_shape(_shape_of_call(call, query), self.modules.of[cls].apply_keywords) if method is not None else None
                if shape is not None:
                    found.append((method, shape))
                continue
            imported = imported_applied(value, scope, self.modules, self._values_of, self.markers.traced_classes)
            if imported is not None:
                shape = applied_shape(_shape_of_call(call, query), imported[1])
                if shape is not None:
                    self._reach_out(
                        imported[0], self.origin_of(fn), shape, frozenset({context}), frozenset(fn.markers), method=applied_method(call),
                    )
                continue
            found += [
                (t.function, _shape_of_call(call, query)) for t in self._targets(value, scope, None)
                if not t.bound_positional and t.function is not fn
            ]
        return found

    def _recorded_calls(self, call: cst.Call, fn: FunctionInfo, query: ValueQuery) -> list[tuple[FunctionInfo, CallShape]]:
        """`tx.update(g, s)` where every value `tx` is bound to makes a library record of
        callables (`optax.GradientTransformation(init_fn, update_fn)`: `[callable_records]`):
        the functions of this module it keeps at the place of `update`."""
        receiver = call.func.value
        if not isinstance(receiver, cst.Name):
            return []
        found = []
        for value in self._values_of(receiver.value, fn):
            fields = self.markers.callable_records.get(self.resolve(value.func) or "") if isinstance(value, cst.Call) else None
            kept = fields_passed(value, list(fields)).get(call.func.attr.value) if fields else None
            if kept is not None:
                found += [(t.function, _shape_of_call(call, query)) for t in self._targets(kept, fn, None) if not t.bound_positional]
        return found

    def _callee(self, func: cst.BaseExpression, fn: FunctionInfo, at: int | None = None) -> FunctionInfo | None:
        if isinstance(func, cst.Call) and func.args and self.resolve(func.func) in self.markers.transparent:
            targets = self._targets(func.args[0].value, fn, None, at=at)  # named_call(f, name=...)(x)
            return targets[0].function if len(targets) == 1 and not targets[0].bound_positional else None
        if isinstance(func, cst.Name):
            found = self.lookup(func.value, fn, at=at) or self._bound_function(func, fn, at)
        elif isinstance(func, cst.Lambda):
            found = self.index.by_node.get(func)  # `(lambda x: ...)(y)`
        elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            found = self._method_via_self(func, fn)
        else:
            found = None
        if found is None and fn.contexts:  # a submodule's call: `self.block(x, mode)`
            cls = self.modules.called_class(func, fn, self._values_of)
            found = self.instance_call(cls)
        if found is None and fn.contexts and self._own_instance(func, fn):  # `self(x)` in a Keras `train_step`
            found = self.instance_call(fn.own_class(func.value))
        if found is None and fn.contexts and isinstance(func, cst.Attribute):  # `self.block.helper(x)`
            cls = self.modules.called_class(func.value, fn, self._values_of)
            found = self.find_method(cls, func.attr.value) if cls is not None else None
        if found is None and fn.contexts and isinstance(func, cst.Attribute):  # `self.block(x)`, a torch submodule
            found = self.objects.called_method(func, fn)
        if found is None and fn.contexts and isinstance(func, cst.Attribute):  # `Scaler(2.0).apply(x)`: an object the trace makes
            found = made_instance_method(self, func, fn)
        if found is None and fn.contexts:  # `GENERATOR()`, `counter.bump()`: an object from outside
            found = self._outer_instance_method(func, fn)
        if found is None and fn.contexts and isinstance(func, cst.Attribute):  # `obj.increment()`, `obj: First`
            cls = self.objects.annotated_class(func.value, fn)
            method = self.find_method(cls, func.attr.value) if cls is not None else None
            found = method if method is not None and method.is_method else None
        if found is None and fn.contexts and isinstance(func, cst.Name):  # `model(x)`, `model: Net`
            cls = self.objects.annotated_class(func, fn)
            found = self.objects.runs(cls) if cls is not None else None
        return own_method_of_scratch(self, func, fn, found)

    def _own_instance(self, func: cst.BaseExpression, fn: FunctionInfo) -> bool:
        """Whether `func` is the instance a method of a module class runs on (`self` of
        `self(x, training=True)` in a Keras `train_step`), whose call runs the class's `call` or
        `forward` in the same trace (benchmarks/framework_runs.py:
        keras_model_and_layer_outputs_in_train_step)."""
        if not isinstance(func, cst.Name) or func.value != fn.self_name:
            return False
        return fn.own_class(func.value) in self.modules.of

    def _bound_function(self, func: cst.Name, fn: FunctionInfo, at: int | None) -> FunctionInfo | None:
        """The function a name holds where no `def` binds it: a lambda (`fun = lambda x: ...`)
        or a `partial` of one binding no position (`Partial(lambda x: ...)`, `partial(g, k=2)`),
        so a call's arguments reach its parameters in order. None where the name holds several."""
        targets = self._targets(func, fn, None, at=at)
        return targets[0].function if len(targets) == 1 and not targets[0].bound_positional else None

    def _outer_instance_method(self, func: cst.BaseExpression, fn: FunctionInfo) -> FunctionInfo | None:
        """The method a traced `fn` runs by calling `obj()` or `obj.method()`, where `obj` is a
        name bound outside every trace (at module level, or in an eager enclosing function) to
        an instance of a class of this module, or an attribute of the instance a method (or a
        closure in one) belongs to (`self._env.reset(key)`, brax's wrapper holding the env it
        was handed): the method runs in `fn`'s trace, on an object that outlives it (objax's
        `DEFAULT_GENERATOR()` splitting its own key). An object made inside the trace is left
        alone: its writes are the trace's scratch."""
        receiver = func.value if isinstance(func, cst.Attribute) else func
        held = isinstance(receiver, cst.Attribute) and isinstance(receiver.value, cst.Name) and fn.own_class(receiver.value.value) is not None
        if not held and (not isinstance(receiver, cst.Name) or not self._bound_outside_traces(receiver.value, fn)):
            return None
        if isinstance(func, cst.Name):
            return self.objects.called_method(func, fn)
        cls = self.objects.instance_class(receiver, fn)
        method = self.find_method(cls, func.attr.value) if cls is not None else None
        return method if method is not None and method.is_method else None

    def _bound_outside_traces(self, name: str, fn: FunctionInfo) -> bool:
        """Whether the nearest scope binding `name`, seen from `fn`, is the module or a
        function in no traced context."""
        scope = fn.nearest_binder(name, lambda f: self._body(f).local_names)
        return scope is None or not scope.contexts


@cache
def _parameter_default(name: str, scope: FunctionInfo | None) -> cst.BaseExpression | None:
    """The default of the parameter `name` of the nearest function around `scope` that takes
    one of that name (what a call of it runs where the caller leaves it out), or None."""
    fn = scope
    while fn is not None:
        for param in named_params(fn.node.params):
            if param.name.value == name:
                return param.default
        fn = fn.parent
    return None


def _made_eager(marker: Marker, call: cst.Call) -> bool:
    """Whether the call gives the marker's `eager_keyword` a literal True
    (`compile(..., run_eagerly=True)`): it traces nothing it is handed."""
    return bool(marker.eager_keyword) and any(
        a.keyword is not None and a.keyword.value == marker.eager_keyword and isinstance(a.value, cst.Name) and a.value.value == "True"
        for a in call.args
    )


def _constant_index(expr: cst.Subscript) -> int | None:
    """The place `expr` takes of a sequence where it is an integer literal (`pair[1]`)."""
    if len(expr.slice) != 1 or not isinstance(expr.slice[0].slice, cst.Index):
        return None
    value = expr.slice[0].slice.value
    return int(value.value) if isinstance(value, cst.Integer) and value.value.isdigit() else None


def _fixed_places(elements) -> list:
    """The elements of a tuple or list display up to the first starred one: those whose place
    is the same in every tuple they are unpacked from or taken of."""
    out = []
    for element in elements:
        if isinstance(element, cst.StarredElement):
            break
        out.append(element)
    return out


def _element(value: cst.BaseExpression, index: int) -> list[cst.BaseExpression]:
    """The element at `index` of a tuple or list display (`return init, step`), if it has one
    at a fixed place."""
    if not isinstance(value, (cst.Tuple, cst.List)):
        return []
    fixed = _fixed_places(value.elements)
    return [fixed[index].value] if index < len(fixed) else []


def _distinct(values: list[cst.BaseExpression]) -> list[cst.BaseExpression]:
    """`values` without those spelled as an earlier one is (`if c: m = base` in two branches):
    each stands for the same functions, and following every copy of a chain of such names
    multiplies the work by the copies at each link (5 copies, 8 links: 390,625 walks)."""
    kept: list[cst.BaseExpression] = []
    for value in values:
        if not any(value.deep_equals(k) for k in kept):
            kept.append(value)
    return kept


def _opaque_reexports(markers: MarkerTable) -> frozenset[tuple[str, str]]:
    return frozenset((name.split(".", 1)[0], name.rsplit(".", 1)[-1]) for name in markers.opaque)


def _opaque(qualified: str | None, markers: MarkerTable) -> bool:
    """Whether a callee runs the functions it is given on the host (a callback).

    Libraries define such functions in a private module and re-export them
    (`jax._src.callback.io_callback` is `jax.experimental.io_callback`), and their own
    sources call the private name, so a name in the same package with the same last
    component as an opaque one counts as that one.
    """
    if qualified is None:
        return False
    return qualified in markers.opaque or (qualified.split(".", 1)[0], qualified.rsplit(".", 1)[-1]) in _opaque_reexports(markers)


def _entry(marker: Marker, opts: Options, target: Target) -> dict[str, Kind]:
    """The kinds of the parameters of `target` that `marker`, applied with `opts`, traces."""
    fn = target.function
    if fn.is_method and not target.via_attribute:
        # A decorated method: argnums count `self`, which is never traced.
        params, never = fn.params, {fn.params[0].name} if fn.params else set()
    else:
        params, never = fn.call_params, set()
    params = params[target.bound_positional:]
    positional = [p for p in params if p.positional]
    traced: list[Param] = []
    if marker.traced == "argnums":
        for i in opts.argnums if opts.argnums is not None else (0,):
            if -len(positional) <= i < len(positional):
                traced.append(positional[i])
    else:
        static = set(opts.static_argnames) | set(target.bound_names) | never
        for i in opts.static_argnums + opts.unmapped:
            if -len(positional) <= i < len(positional):
                static.add(positional[i].name)
        traced = [p for p in params if p.name not in static]
    kinds = {p.name: TRACED for p in traced} if marker.proxies else entry_kinds(traced, "all")
    if marker.arrays:
        kinds = {name: TRACED if kind == TREE else kind for name, kind in kinds.items()}
    return _partial_bindings(target, kinds)


def _partial_bindings(target: Target, kinds: dict[str, Kind], query: ValueQuery | None = None) -> dict[str, Kind]:
    """The kinds of `target`'s parameters once what `partial` bound is in: each parameter it
    binds holds what was bound (`query`: the values where the `partial` is evaluated in a
    trace; none: outside any, where every bound value is a Python value or a constant), and a
    `**mapping` whose keys are not spelled out may bind any parameter, which then is no
    tracer for sure."""
    if target.open_mappings:
        kinds = {name: min(kind, UNKNOWN) for name, kind in kinds.items()}
    if query is not None:
        plain = {p.name for p in target.function.params if p.plain_typed}
        kinds = {**kinds, **{name: query.kind(value) for name, value in target.bound_values if name not in plain}}
    return kinds


def _enclosing(fn: FunctionInfo, context: str) -> dict[str, Kind]:
    """The values a closure in a trace of kind `context` sees of its enclosing function `fn`:
    those of `fn`'s trace of that kind, or where `fn` has none (a marker applied to the closure
    in `fn`'s own trace), those of all its traces."""
    trace = fn.traces.get(context)
    return trace.names if trace is not None else fn.names_in(fn.traces)


def _returns_in(fn: FunctionInfo, contexts: Collection[str]) -> ReturnKinds | None:
    """What `fn` returns in its traces of `contexts`, joined; None before any was analysed."""
    returns = None
    for context in contexts:
        trace = fn.traces.get(context)
        if trace is not None and trace.returns is not None:
            returns = _join_returns(returns, trace.returns)
    return returns


def _literal_ints(call: cst.BaseExpression, keyword: str) -> list[int]:
    """The ints a call gives `keyword` as a literal int or tuple of them (`nondiff_argnums=(0,
    1)`); none where it is not a call or the value is spelt otherwise."""
    value = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == keyword), None) if isinstance(call, cst.Call) else None
    items = [e.value for e in value.elements] if isinstance(value, (cst.Tuple, cst.List)) else [value] if value is not None else []
    return [int(v.value) for v in items if isinstance(v, cst.Integer)]


def _method_call_on_name(func: cst.BaseExpression, methods: frozenset[str]) -> bool:
    """Whether `func` is `name.method` for one of `methods` (`f.defvjp`)."""
    return type(func) is cst.Attribute and type(func.value) is cst.Name and func.attr.value in methods


def _runs_method(call: cst.Call, markers: MarkerTable) -> bool:
    """Whether `call` is a method the data say runs its first argument there and then on any
    receiver (`[runs_functions] methods`: a tf.distribute strategy's `run`). The receiver is
    seldom typed (a strategy handed through parameters and attributes), so the method's name
    decides; only a trace reaches here, where a callable handed to `x.run(...)` runs or is data."""
    return isinstance(call.func, cst.Attribute) and call.func.attr.value in markers.runs_methods and bool(call.args)


def _callback_kinds(params: list[Param], call: cst.Call, handed: cst.Arg, callee: str, query: ValueQuery) -> dict[str, Kind]:
    """The kinds the parameters of a function handed to `tree_map`, `map`, ... get.

    `tree_map(f, a, b)` calls `f` with a leaf of `a` and the matching leaf of `b` (after a
    static key path for the `_with_path` forms); other callers pass items of all their
    arguments, and a strategy's `run(f, args=(x, y))` the items of its `args` tuple.
    """
    rest = [a for a in call.args if a is not handed and a.keyword is None and not a.star]
    given = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "args"), None)
    if not rest and isinstance(given, cst.Tuple):
        rest = [e for e in given.elements if isinstance(e, cst.Element)]
    leaf_kinds = [query.element_kind(a.value) if callee in ("map", "filter") else query.kind(a.value) for a in rest]
    paired = call.args and call.args[0] is handed and callee.rsplit(".", 1)[-1] in ("tree_map", "map", "tree_map_with_path", "map_with_path")
    if paired:
        if callee.endswith("_with_path"):
            leaf_kinds = [STATIC, *leaf_kinds]
        kinds = {p.name: kind for p, kind in zip([p for p in params if p.positional], leaf_kinds)}
    else:
        widest = max(leaf_kinds, default=STATIC)
        kinds = {p.name: widest for p in params}
    return {name: kind for name, kind in kinds.items() if not any(p.name == name and p.plain_typed for p in params)}


def _return_kinds(facts: BodyFacts, query: ValueQuery) -> ReturnKinds:
    """What a function returns: per element when every `return` spells a same-length tuple."""
    values = facts.returns
    if not values:
        return STATIC
    if not facts.bare_return and all(isinstance(v, cst.Tuple) for v in values):
        lengths = {len(v.elements) for v in values}  # type: ignore[attr-defined]
        if len(lengths) == 1 and not any(isinstance(e, cst.StarredElement) for v in values for e in v.elements):  # type: ignore[attr-defined]
            per_value = [tuple(query.kind(e.value) for e in v.elements) for v in values]  # type: ignore[attr-defined]
            return tuple(max(column) for column in zip(*per_value))
    record = None if facts.bare_return else returned_record(values, query)
    return record if record is not None else max(query.kind(v) for v in values)


def _static_self(fn: FunctionInfo, opts: Options) -> bool:
    """Whether a marker with `opts` decorating `fn` declares a method's `self` static
    (`@partial(jax.jit, static_argnums=0)`): the object is hashed, its attributes read once."""
    if not fn.is_method or not fn.params or fn.cls is None:
        return False
    return 0 in opts.static_argnums or fn.params[0].name in opts.static_argnames


def _not_static(params: list[Param], opts: Options) -> frozenset[str]:
    """The parameters a marker applied with `opts` traces (none declared static)."""
    positional = [p for p in params if p.positional]
    static = set(opts.static_argnames)
    for i in opts.static_argnums + opts.unmapped:
        if -len(positional) <= i < len(positional):
            static.add(positional[i].name)
    return frozenset(p.name for p in params if not p.star and p.name not in static)


def _join_returns(kinds: ReturnKinds | None, more: ReturnKinds) -> ReturnKinds:
    """The most traced of two return kinds, per element where both are same-length tuples."""
    if kinds is None:
        return more
    if isinstance(kinds, tuple) and isinstance(more, tuple) and len(kinds) == len(more):
        return tuple(max(a, b) for a, b in zip(kinds, more))
    widest = [max(k, default=STATIC) if isinstance(k, tuple) else k for k in (kinds, more)]
    return max(widest, default=STATIC)


def _shape_of_call(call: cst.Call, query: ValueQuery) -> CallShape:
    """The kinds a call passes, for a function of another module to receive."""
    positional, keywords, given = [], [], []
    starred: Kind | None = None
    for arg in call.args:
        kind = query.kind(arg.value)
        if arg.star or (starred is not None and arg.keyword is None):
            starred = max(kind, starred or STATIC)  # after `*args`, a position is not known
        elif arg.keyword is not None:
            keywords.append((arg.keyword.value, kind))
            if not _is_none(arg.value):
                given.append(arg.keyword.value)
        else:
            if not _is_none(arg.value):
                given.append(len(positional))
            positional.append(kind)
    return CallShape(tuple(positional), tuple(keywords), starred, tuple(given))


def _receive(fn: FunctionInfo, shape: CallShape) -> tuple[dict[str, Kind], set[str], set[str] | None]:
    """What a call of this shape gives `fn`: each parameter's kind, the parameters it surely
    passes something other than `None`, and those it passes at all (None: any, through
    `*args`/`**kwargs`). Arguments beyond the positional parameters go to `*args`, unknown
    keywords to `**kwargs`; a starred argument may reach every parameter but those the
    positional arguments before it fill (`f(y, 0, *rest)` never passes `rest` to the `0`'s)."""
    params = fn.call_params
    positional = [p for p in params if p.positional]
    star = next((p for p in params if p.star and not p.positional), None)
    names = {p.name for p in params}
    kinds: dict[str, Kind] = {}

    def give(name: str, kind: Kind) -> None:
        kinds[name] = max(kind, kinds.get(name, STATIC))

    for i, kind in enumerate(shape.positional):
        if i < len(positional):
            give(positional[i].name, kind)
        elif star is not None:
            give(star.name, container_of(kind))
    for name, kind in shape.keywords:
        if name in names:
            give(name, kind)
        else:
            for p in params:
                if p.star:
                    give(p.name, container_of(kind))
    plain = {p.name for p in params if p.plain_typed}
    kinds = {name: kind for name, kind in kinds.items() if name not in plain}
    if shape.starred is not None:
        filled = {p.name for p in positional[: len(shape.positional)]}
        reached = {p.name: max(shape.starred, kinds.get(p.name, STATIC)) for p in params if p.name not in plain | filled}
        return {**kinds, **reached}, set(), None
    given = {positional[i].name for i in shape.given if isinstance(i, int) and i < len(positional)}
    given |= {name for name in shape.given if isinstance(name, str) and name in names}
    passed = {p.name for p in positional[: len(shape.positional)]} | {name for name, _ in shape.keywords}
    return kinds, given, passed


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def own_rewrap(node: cst.BaseSmallStatement) -> str | None:
    """The name `node` rebinds to a call given that name first (`f = jax.jit(f, ...)`), or None."""
    if not (type(node) is cst.Assign and len(node.targets) == 1 and type(node.targets[0].target) is cst.Name):
        return None
    value, name = node.value, node.targets[0].target.value  # type: ignore[attr-defined]
    if type(value) is not cst.Call or not value.args:
        return None
    first = value.args[0]
    return name if first.keyword is None and not first.star and type(first.value) is cst.Name and first.value.value == name else None
