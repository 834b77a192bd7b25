"""ACC305: a traced value where JAX needs a Python value: a shape, a size, an axis."""

from __future__ import annotations

import libcst as cst

from acclint.analysis.taint import TRACED, TREE
from acclint.analysis.walk import children, walk_expression
from acclint.fix.imports import framework_of
from acclint.frameworks.markers import CACHED, VMAPPED
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.tables import apis

def _shapes() -> dict:
    return apis()["shapes"]


def surely_traced(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether `value` is an array for sure, not only a pytree argument used in arithmetic.

    The analysis takes a pytree argument used as an array (`H / 2`) for a leaf, a tracer; a
    Python size or count allows the same arithmetic (a module's `size` input, a haiku
    function's `seq_len` declared static where the analysis cannot see it). A shape, an axis
    or a loop count is judged traced only when no name in it is such an argument."""
    if ctx.kind(value) is not TRACED:
        return False
    kinds = ctx.query.kinds
    return not any(isinstance(n, cst.Name) and kinds.get(n.value) is TREE for n in walk_expression(value))


def staged(value: cst.CSTNode, ctx: RuleContext, depth: int = 3) -> bool:
    """Whether `value` is computed by a JAX call the trace stages out (`[shapes] staged`:
    `jnp.log2(x.shape[0])`, a tracer inside a jit even of a static shape), directly or through
    a local name, not a parameter, every binding of which is such a value (`depth` names deep).
    A name's other bindings may hold a Python value, so all of them must be staged; a static
    view (`x.shape`, `len(x)`, `jnp.shape(x)`) is a Python value whatever `x` holds."""
    if isinstance(value, cst.Attribute) and value.attr.value in ctx.analysis.facts.static_attributes:
        return False
    if isinstance(value, cst.Call):
        qualified = ctx.resolve(value.func) or ""
        shapes, facts = _shapes(), ctx.analysis.facts
        if qualified in facts.static_calls:
            return False  # `len(a)`, `jnp.shape(a)`: a Python value of a staged array's static shape
        if (
            qualified.startswith(tuple(shapes["staged"])) and qualified not in facts.static_calls
            and qualified not in shapes["folded"] and not qualified.startswith(facts.tree_namespaces)
        ):
            return True
    if isinstance(value, cst.Name) and depth > 0:
        body = ctx.analysis.body(ctx.function)
        if value.value not in body.local_names or any(p.name == value.value for p in ctx.function.params):
            return False
        flows = body.flows_into.get(value.value, [])
        return bool(flows) and all(how == "=" and _staged_binding(bound, value.value, ctx, depth - 1) for _, bound, how in flows)
    return any(staged(child, ctx, depth) for child in children(value))  # type: ignore[arg-type]


def compile_time(ctx: RuleContext) -> bool:
    """Whether the visited node is inside `with jax.ensure_compile_time_eval():` (`[shapes]
    compile_time`), where JAX computes on concrete values."""
    calls = _shapes()["compile_time"]
    return any(
        isinstance(parent, cst.With) and any(isinstance(i.item, cst.Call) and ctx.resolve(i.item.func) in calls for i in parent.items)
        for parent in ctx.ancestors
    )


def _staged_binding(bound: cst.BaseExpression, name: str, ctx: RuleContext, depth: int) -> bool:
    """A binding of `name` that is staged, or a method of `name` itself (`n = n.astype(int)`:
    staged where `n`'s other bindings are)."""
    func = bound.func if isinstance(bound, cst.Call) else None
    if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name:
        return True
    return staged(bound, ctx, depth)


def _traced_parameter(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    """A parameter that is an array for sure (torch.func.vmap's batched inputs). A local is
    left out: netket's `n_rest` of `divmod(n, chunk_size)` is one only where the analysis
    cannot see that `chunk_size` is an int."""
    return isinstance(value, cst.Name) and any(p.name == value.value for p in ctx.function.params) and surely_traced(value, ctx)


def traced_entry(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether `value` is an entry (`cfg["n"]`, `window[0]`) of a parameter of the visited
    function that a marker decorating it traces leaf by leaf, Python numbers included
    (`scalars = "traced"` with every parameter not declared static: jax.jit). Such an argument
    is a pytree of tracers, so an entry read as a number is a tracer: the argument's kind, not
    only a hint that it may hold Python values (`surely_traced`). A parameter the body rebinds
    may hold something else."""
    if not isinstance(value, cst.Subscript) or len(value.slice) != 1 or not isinstance(value.value, cst.Name):
        return False
    index = value.slice[0].slice
    if not isinstance(index, cst.Index) or not isinstance(index.value, (cst.SimpleString, cst.Integer)):
        return False
    name = value.value.value
    if ctx.kind(value.value) < TREE or name not in {p.name for p in ctx.function.params}:
        return False
    if ctx.analysis.body(ctx.function).flows_into.get(name):
        return False
    return _traces_every_leaf(ctx)


def _traces_every_leaf(ctx: RuleContext) -> bool:
    """Whether a decorator of the visited function (or the marker a `partial` of it binds), or
    the marker its name is rebound to applied to it (`f = jax.jit(f)`), is a marker tracing
    every leaf of its arguments, Python numbers included."""
    node = ctx.function.node
    if not isinstance(node, cst.FunctionDef):
        return False
    rewrap = ctx.analysis.rewraps.get(node)
    for applied in [d.decorator for d in node.decorators] + ([rewrap] if rewrap is not None else []):
        if isinstance(applied, cst.Call):
            partial = ctx.resolve(applied.func) == "functools.partial" and applied.args
            applied = applied.args[0].value if partial else applied.func
        marker = ctx.analysis.markers.markers.get(ctx.resolve(applied) or "")
        if marker is not None and marker.scalars_traced and marker.traced == "all":
            return True
    return False


def _static_args(call: cst.Call, positions: list[int], keywords: list[str]) -> list[cst.BaseExpression]:
    """The arguments of `call` at `positions` or named by `keywords`."""
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    found = [positional[i] for i in positions if i < len(positional)]
    return found + [a.value for a in call.args if a.keyword is not None and a.keyword.value in keywords]


def _parts(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """A shape spelled as a tuple or list is judged element by element: `(n, 3)`."""
    if isinstance(value, (cst.Tuple, cst.List)):
        return [e.value for e in value.elements if not isinstance(e, cst.StarredElement)]
    return [value]


def _indexed_update(receiver: cst.BaseExpression) -> bool:
    """`x.at[i]`: its methods (`min`, `max`, `set`, ...) take the update's values, which may be
    traced (optax's `costs.at[j].min(r)`), not an axis."""
    return isinstance(receiver, cst.Subscript) and isinstance(receiver.value, cst.Attribute) and receiver.value.attr.value == "at"


def _mask_value(index: cst.BaseExpression, ctx: RuleContext, depth: int = 3) -> bool:
    """A boolean array (`_is_mask`), or a local name, not a parameter, every binding of which
    is one (`mask = jnp.arange(n) < k`, then `x[mask]`; `depth` names deep)."""
    if _is_mask(index):
        return True
    if not isinstance(index, cst.Name) or depth == 0 or any(p.name == index.value for p in ctx.function.params):
        return False
    body = ctx.analysis.body(ctx.function)
    flows = body.flows_into.get(index.value, []) if index.value in body.local_names else []
    return bool(flows) and all(how == "=" and _mask_value(bound, ctx, depth - 1) for _, bound, how in flows)


def _is_mask(index: cst.BaseExpression) -> bool:
    """A boolean array spelled out: a comparison, or `~`, `&`, `|` of comparisons."""
    if isinstance(index, cst.Comparison):
        return not any(isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in index.comparisons)
    if isinstance(index, cst.UnaryOperation) and isinstance(index.operator, cst.BitInvert):
        return _is_mask(index.expression)
    if isinstance(index, cst.BinaryOperation) and isinstance(index.operator, (cst.BitAnd, cst.BitOr)):
        return _is_mask(index.left) and _is_mask(index.right)
    return False


class TracedShape(Rule):
    """A traced value used as a shape, a size or an axis, or a result sized by traced values.

    What it does:
        Flags, in a jitted (or vmapped) function, a value traced for sure (an array, not a
        pytree argument that may hold Python values) passed where JAX needs a Python value: a shape (`jnp.zeros(n)`, `x.reshape(n, -1)`, a draw's `jax.random.normal(key, (n,))`), the bounds of `jnp.arange`,
        the `num` of `jnp.linspace`, the count of `jax.random.split`, a reduction's `axis` (`x.min(axis)`, not an indexed update's
        values: `x.at[i].min(v)`). Inside a jit every `jax.numpy`/`lax` call gives a tracer,
        even of static shapes and Python numbers (`jnp.log2(x.shape[0])`; `math.log2` and
        NumPy of a shape stay Python values), and an entry of an argument the decorating
        `jax.jit` traces (`cfg["n"]`, `window[0]`, not declared static) is a tracer where a
        number is read: as a shape, or as a slice bound (`x[: cfg["n"]]`, IndexError), and so
        is a parameter that is an array for sure (a batched `n` under torch.func.vmap). Also
        flagged: the functions whose
        result's size depends on the values (`jnp.nonzero(x)`, `jnp.where(cond)` with the
        condition alone, `jnp.argwhere`, `jnp.unique`) without `size=` (a `**kwargs` passed on
        may hold it); and a traced boolean mask as an index (`x[x > 0]`, `x.at[x > 0].set(0)`),
        also through a local name every binding of which is a mask (`mask = x > 0`, then
        `x[mask]`), and a mask a JAX call stages from static values only (`jnp.arange(x.shape[0])
        < n`: a tracer all the same; jax#4471).

    Why is this bad:
        A compiled program has fixed shapes: JAX needs them while tracing, before any value is
        known. `jax.jit` raises `ConcretizationTypeError`, `TypeError` (a shape of tracers) or
        `NonConcreteBooleanIndexError`. A jitted argument used this way is usually meant to be
        static configuration.

    Example:
        @jax.jit
        def positive_sum(x):
            return x[x > 0].sum()

    Use instead:
        @jax.jit
        def positive_sum(x):
            return jnp.where(x > 0, x, 0).sum()

        or declare the argument static (`static_argnames="n"`), or give the size
        (`jnp.nonzero(x, size=k, fill_value=0)`).

    Fix safety:
        No automatic fix: which size to give, or whether the argument is configuration, is
        yours to decide.
    """

    code = "ACC305"
    name = "traced-shape"
    contexts = frozenset({CACHED, VMAPPED})
    VALID = [
        """
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnames="n")
def windows(x, n):
    idx = jnp.nonzero(x > 0, size=3, fill_value=0)
    return jnp.zeros((n, x.shape[0])) + x.reshape(1, -1).sum(axis=0) + jnp.where(x > 0, x, 0)[idx]
""",
        """
import jax
import jax.numpy as jnp
from functools import partial

def unique_ids(ids, **kwargs):
    return jnp.unique(ids * 2, **kwargs)  # the caller passes size= through kwargs

@jax.jit
def first_ids(ids):
    return unique_ids(ids, size=4, fill_value=-1)
""",
    ]
    INVALID = [
        """
import jax
import jax.numpy as jnp

@jax.jit
def positive_sum(x):
    return x[x > 0].sum()  # expect: ACC305

@jax.jit
def indices(x):
    return jnp.where(x > 1)  # expect: ACC305

@jax.jit
def smallest(x, axis):
    return x.min(axis)  # expect: ACC305

smallest(x0, 0)
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        shapes = _shapes()
        if qualified in shapes["sized"] or (qualified in shapes["one_argument_sized"] and len(node.args) == 1):
            if any((a.keyword is not None and a.keyword.value == "size") or a.star == "**" for a in node.args):
                return
            self._report(node, ctx, node.args[0].value if node.args else None, "sizes its result by the values of")
            return
        candidates: list[cst.BaseExpression] = []
        for entry in shapes["static_arguments"]:
            if qualified in entry["functions"]:
                candidates += _static_args(node, entry["positions"], entry["keywords"])
        if isinstance(node.func, cst.Attribute) and ctx.kind(node.func.value) >= TREE and not _indexed_update(node.func.value):  # an array's method
            method = node.func.attr.value
            for entry in shapes["static_method_arguments"]:
                if method in entry["methods"]:
                    candidates += _static_args(node, entry["positions"], entry["keywords"])
        for value in candidates:
            for part in _parts(value):
                if surely_traced(part, ctx) or traced_entry(part, ctx) or (staged(part, ctx) and not compile_time(ctx)):
                    self._report(node, ctx, part, "needs a Python value (a shape, a size or an axis), not", known=True)
                    return

    def visit_Subscript(self, node: cst.Subscript, ctx: RuleContext) -> None:
        for element in node.slice:
            index = element.slice
            if isinstance(index, cst.Slice) and ctx.framework.static_slice_bounds:
                for bound in (index.lower, index.upper, index.step):
                    if bound is not None and (traced_entry(bound, ctx) or _traced_parameter(bound, ctx)):
                        self._report(node, ctx, bound, "is sliced by (slice bounds must be Python ints)", known=True)
                        return
            if isinstance(index, cst.Index) and _is_mask(index.value) and ctx.is_traced(index.value):
                self._report(node, ctx, index.value, "is indexed by a boolean mask, sized by the values of")
                return
            if isinstance(index, cst.Index) and _mask_value(index.value, ctx) and (
                ctx.is_traced(index.value) or staged(index.value, ctx) and not compile_time(ctx)
            ):
                self._report(node, ctx, index.value, "is indexed by a boolean mask, sized by the values of", known=True)
                return

    def _report(self, node: cst.CSTNode, ctx: RuleContext, value: cst.BaseExpression | None, what: str, known: bool = False) -> None:
        # An array for sure: a pytree argument (a module's first input may be a `(H, W)` size)
        # is no proof that a shape is traced.
        name = ctx.traced_name(value) if value is not None and ctx.kind(value) is TRACED else None
        if name is None and value is not None and known:
            name = ctx.code_for(value)  # an argument's entry, or a staged JAX result: traced all the same
        if name is None:
            return
        ctx.report(
            node,
            f"'{ctx.code_for(node.func if isinstance(node, cst.Call) else node.value)}' {what} traced value '{name}': "
            + framework_of(ctx).says(self.code, "shapes must be known while tracing, so jit raises; declare it static, give `size=`, or use where(cond, a, b)"),
        )
