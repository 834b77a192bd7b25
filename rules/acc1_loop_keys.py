"""ACC105: a PRNG key that a loop hands unchanged to a compiled call drawing from it.

ACC103 finds a key built from a constant inside a trace; this is its twin one level up, in the
host loop that calls the trace: the key is an argument, but the same one on every pass. The loop
and its compiled calls are the cache-key analysis' (acclint.analysis.loops, read through
`storm_facts`); what the trace does with the argument is read from the wrapped function here.
"""

from __future__ import annotations

from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.arguments import passed, passed_to
from acclint.analysis.loops import JittedCall, Loop
from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.scopes import FunctionInfo
from acclint.analysis.walk import walk_all
from acclint.frameworks.markers import HOST_LOOPS
from acclint.lint.rule import Rule
from acclint.rules.acc5_storms import storm_facts
from acclint.rules.tables import apis

# How many calls of the module's functions a key is followed down inside the trace
# (`train_step` -> `loss_fn` -> `model.apply(..., rngs=...)`).
_DEPTH = 3


class KeyReusedInLoop(Rule):
    """A PRNG key passed unchanged to a compiled call on every pass of a loop, where the trace draws from it, draws the same numbers on every pass.

    What it does:
        Flags the call of a compiled callable (`jax.jit`, `pmap`, `eqx.filter_jit`, ... in any
        spelling the ACC5 rules follow) on every pass of a loop of two or more passes (a `for`, a
        `while`, a comprehension; not a sweep over a literal collection of configurations), when
        an argument is a name the loop never rebinds (no `key, sub = jax.random.split(key)`, no
        `key = ...`, not the loop's target) or a key made from a constant seed
        (`jax.random.PRNGKey(0)`), and the compiled function draws from the parameter it fills:
        a `jax.random` call given it (`normal`, `bernoulli`, `split`), a library call given it in
        `rngs=` (flax's `apply(..., rngs={"dropout": key})`) unless told to draw nothing
        (`train=False`, `deterministic=True`), also through the module's functions it calls.
        The loop may be around a call of a module-level function holding the compiled call in
        no loop of its own, that passes it the function's key parameter, never rebound there,
        given a name the loop never rebinds (`for step in range(3): _body(key, x)`: a loop
        body moved into a helper), reported at the compiled call. A
        key the trace mixes with a value of the call (`jax.random.fold_in(key, step)`), a key
        given only to `model.init`, a key split on each pass, or returned by the call and
        rebound (`x, key = step(x, key)`), is not flagged; a `fold_in` anywhere in the trace
        leaves the key's use unknown. A key stream (flax's `nnx.Rngs`, bound to one or annotated
        so) draws anew on each call only where the wrapper carries its state back (`nnx.jit`)
        or the module makes Variables JAX values (`nnx.var_defaults(hijax=True)`); handed to a
        plain `jax.jit` otherwise, its draws (`rngs.normal(shape)`) repeat, and are flagged.

    Why is this bad:
        A JAX key is a value: the same key gives the same numbers. Passed unchanged on every
        step, it makes every dropout mask, noise sample or augmentation identical from step to
        step (run: three steps, one distinct mask). JAX raises nothing and training still
        runs.

        A code of its own, not ACC103 extended: ACC103 is a fact about a trace's body (a key
        built from a constant there, found in the cached context, fixed in the function),
        while here the trace may be right and the host loop reuses its key (found in the host
        loop's compiled calls, fixed in the loop); one code for each site lets either be
        silenced without the other.

    Example:
        for step in range(num_steps):
            state = train_step(state, batch, dropout_key)

    Use instead:
        for step in range(num_steps):
            dropout_key, step_key = jax.random.split(dropout_key)
            state = train_step(state, batch, step_key)

        (or `jax.random.fold_in(dropout_key, state.step)` inside the step)

    Fix safety:
        No fix: where the new key comes from (a split in the loop, a fold with the step inside
        the trace, a key the step returns) is a choice about the program's random stream.
    """

    code = "ACC105"
    name = "key-reused-in-loop"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import jax

def train(x, key, steps):
    for step in range(steps):
        key, sub = jax.random.split(key)
        x = noisy(x, sub)  # a new key on each pass
        x = folded(x, key, step)  # the step folded in inside the trace
    return x

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

@jax.jit
def folded(x, key, step):
    return x + jax.random.normal(jax.random.fold_in(key, step), x.shape)
""",
    ]
    INVALID = [
        """
import jax
import jax.numpy as jnp

@jax.jit
def dropout(h, rng):
    return h * jax.random.bernoulli(rng, 0.9, h.shape)

masks = [dropout(jnp.ones(4), jax.random.PRNGKey(0)) for epoch in range(10)]  # expect: ACC105
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[tuple[cst.CSTNode, str, cst.BaseStatement]]:
        for call in storm_facts(analysis).calls:
            fn, loop = call.jitted.function, _repeating_loop(call.loops)
            if fn is None or isinstance(fn.node, cst.Lambda):
                continue
            helper = None  # the function around the call where a loop calls it (a loop body moved into `_body(key)`)
            if loop is None:
                if call.loops or call.scope.fn is None:
                    continue
                helper = call.scope.fn
            carries, streams = _carries_streams(call, analysis), _stream_params(fn, analysis)
            for param, value in _arguments(call, fn).items():
                stream = param in streams or _a_stream(value, call, analysis)
                if helper is not None and _loop_passing_same(helper, value, analysis) is None:
                    continue
                if stream and carries or helper is None and not _same_on_every_pass(value, loop, analysis):
                    continue  # a key stream the wrapper carries forward advances on every call
                draw = _draw_from(fn, param, analysis, _DEPTH, stream)
                if draw is not None:
                    where = "this loop" if helper is None else f"the loop calling '{helper.name}'"
                    yield (
                        call.call,
                        f"the PRNG key '{analysis.module.code_for_node(value)}' is passed unchanged to the compiled "
                        f"'{analysis.module.code_for_node(call.callee)}' on every pass of {where}, and its trace draws "
                        f"from it ('{_shown(draw, analysis)}', line {analysis.bindings.line(draw)}): every pass draws "
                        "the same numbers; split a new key on each pass (key, sub = jax.random.split(key)) or fold_in the step",
                        call.statement,
                    )
                    break


def _loop_passing_same(helper: FunctionInfo, value: cst.BaseExpression, analysis: ModuleAnalysis) -> cst.CSTNode | None:
    """A loop that calls the module-level function `helper` on every pass and passes the
    parameter `value` names, which `helper` never rebinds, a name the loop never rebinds (`for
    step in range(3): _body(dropout_key, x)`): the key is the same on every pass, as if the
    helper's body were the loop's. Not a loop over a literal collection (a sweep of
    configurations); None where there is no such loop."""
    if not isinstance(value, cst.Name) or helper.parent is not None or helper.cls is not None:
        return None
    if analysis.index.functions.get(helper.name) is not helper or value.value not in {p.name for p in helper.params}:
        return None
    if analysis.body(helper).flows_into.get(value.value):
        return None  # rebound in the helper
    scopes = analysis.bindings.events_by_scope
    for scope, events in scopes.items():
        for e in events:
            if e.kind != "call" or e.name != helper.name or not e.loops or not isinstance(e.node, cst.Call):
                continue
            loop = e.loops[-1]
            given = passed(e.node, helper).get(value.value)
            if isinstance(getattr(loop, "iter", None), (cst.Tuple, cst.List, cst.Set, cst.Dict)) or not isinstance(given, cst.Name):
                continue
            if not any(b.name == given.value and b.kind in ("bind", "local") and loop in b.loops for b in events):
                return loop
    return None


def _repeating_loop(loops: tuple[Loop, ...]) -> Loop | None:
    """The innermost loop around the call that runs it more than once with the same arguments
    on purpose or not: of two or more passes, and not over a literal collection (`for mode in
    ("train", "eval")`: a sweep of configurations, where the same key may be meant)."""
    for loop in reversed(loops):
        if loop.single:
            continue
        iterable = getattr(loop.node, "iter", None)
        return None if isinstance(iterable, (cst.Tuple, cst.List, cst.Set, cst.Dict)) else loop
    return None


def _arguments(call: JittedCall, fn: FunctionInfo) -> dict[str, cst.BaseExpression]:
    """The expression each parameter of the wrapped function gets at the compiled call (a
    method called on its object does not pass `self`)."""
    bound = fn.is_method and isinstance(call.callee, cst.Attribute)
    return passed_to(cst.Call(func=cst.Name("_"), args=call.args), fn.node.params, bound)  # type: ignore[union-attr]


def _same_on_every_pass(value: cst.BaseExpression, loop: Loop, analysis: ModuleAnalysis) -> bool:
    """A name the loop never binds (its target, its body's assignments), or a key built from a
    literal seed (`jax.random.PRNGKey(0)`)."""
    if isinstance(value, cst.Name):
        return value.value not in loop.assigned
    if isinstance(value, cst.Call) and analysis.resolve(value.func) in apis()["rng"]["key_constructors"]:
        seeds = [a.value for a in value.args if a.keyword is None or a.keyword.value == "seed"]
        return len(seeds) == 1 and isinstance(seeds[0], cst.Integer)
    return False


def _carries_streams(call: JittedCall, analysis: ModuleAnalysis) -> bool:
    """Whether a key stream handed to this compiled call advances from call to call: its
    wrapper carries the object's state back (`[rng] stream_carriers`: `nnx.jit`), or the module
    makes Variables JAX values (`stream_modes`: `nnx.var_defaults(hijax=True)`, taken as set
    wherever the module calls it). Under plain `jax.jit` otherwise, every call draws the same."""
    rng = apis()["rng"]
    return call.jitted.marker.startswith(tuple(rng["stream_carriers"])) or analysis.callee_in(frozenset(rng["stream_modes"])) is not None


def _stream_params(fn: FunctionInfo, analysis: ModuleAnalysis) -> set[str]:
    """The parameters of `fn` annotated as a key stream (`rngs: nnx.Rngs`)."""
    streams = apis()["rng"]["key_streams"]
    return {
        p.name.value for p in (*fn.node.params.params, *fn.node.params.kwonly_params)  # type: ignore[union-attr]
        if p.annotation is not None and analysis.resolve(p.annotation.annotation) in streams
    }


def _a_stream(value: cst.BaseExpression, call: JittedCall, analysis: ModuleAnalysis) -> bool:
    """Whether `value` names a key stream (`[rng] key_streams`: `rngs = nnx.Rngs(0)`), bound
    in the function that makes the call or at module level: it advances on every draw."""
    if not isinstance(value, cst.Name):
        return False
    streams = apis()["rng"]["key_streams"]
    if call.scope.made.get(value.value) in streams:
        return True
    bound = analysis.index.module_values.get(value.value, [])
    return bool(bound) and all(isinstance(v, cst.Call) and analysis.resolve(v.func) in streams for v in bound)


def _draw_from(fn: FunctionInfo, param: str, analysis: ModuleAnalysis, depth: int, stream: bool = False) -> cst.Call | None:
    """A call in `fn` that draws from the key its parameter `param` holds, or None: also
    through a module function it hands the key to, `depth` calls down; of a key stream
    (`stream`), also a call of it or of its methods (`rngs.normal(shape)`, `rngs.dropout()`). A
    `fold_in` anywhere in `fn` may mix a value of the call into the key (`{n: fold_in(r, step)
    for n, r in rngs.items()}`, flax's sst2 example): no draw is known to repeat."""
    rng = apis()["rng"]
    calls = [n for n in walk_all(fn.node.body) if isinstance(n, cst.Call)]  # type: ignore[union-attr]
    if any(analysis.resolve(n.func) in rng["key_folds"] for n in calls):
        return None
    if stream:
        drawn = next((n for n in calls if _root(n.func) == param), None)
        if drawn is not None:
            return drawn
    for call in _calls_given(calls, param):
        qualified = analysis.resolve(call.func) or ""
        if qualified.startswith(rng["key_users_prefix"]) and qualified not in rng["key_constructors"]:
            return call
        if _given_in_rngs(call, param):
            if not _drawless(call):
                return call
        elif depth > 0 and isinstance(call.func, cst.Name) and (callee := analysis.index.functions.get(call.func.value)) is not None:
            if not isinstance(callee.node, cst.Lambda):
                handed = [p for p, v in passed_to(call, callee.node.params).items() if _names(v, param)]
                found = next((d for p in handed if (d := _draw_from(callee, p, analysis, depth - 1)) is not None), None)
                if found is not None:
                    return found
    return None


def _calls_given(calls: list[cst.Call], param: str) -> Iterator[cst.Call]:
    """The calls (of a function's body, nested functions included) given the name `param` as
    an argument or in a dict display of one (`rngs={"dropout": key}`)."""
    return (call for call in calls if any(_names(a.value, param) for a in call.args))


def _root(func: cst.BaseExpression) -> str | None:
    """The name a callee hangs from: `rngs` of `rngs.dropout.normal`, of `rngs`."""
    while isinstance(func, cst.Attribute):
        func = func.value
    return func.value if isinstance(func, cst.Name) else None


def _names(value: cst.BaseExpression, param: str) -> bool:
    """`value` is the name `param`, or a dict display holding it."""
    if isinstance(value, cst.Name):
        return value.value == param
    return isinstance(value, cst.Dict) and any(
        isinstance(e, cst.DictElement) and isinstance(e.value, cst.Name) and e.value.value == param for e in value.elements
    )


def _given_in_rngs(call: cst.Call, param: str) -> bool:
    """`param` handed in a key keyword (`rngs=key`, `rngs={"dropout": key}`); any value there
    where `param` is empty."""
    keywords = apis()["rng"]["key_keywords"]
    return any(a.keyword is not None and a.keyword.value in keywords and (not param or _names(a.value, param)) for a in call.args)


def _drawless(call: cst.Call) -> bool:
    """The call is told by a literal to draw nothing (`train=False`, `deterministic=True`)."""
    modes = apis()["rng"]["drawless_modes"]
    for a in call.args:
        if a.keyword is not None and a.keyword.value in modes and isinstance(a.value, cst.Name):
            if a.value.value == str(modes[a.keyword.value]):
                return True
    return False


def _shown(draw: cst.Call, analysis: ModuleAnalysis) -> str:
    """The draw as the message names it: `model.apply(..., rngs=...)` for a key in `rngs=`."""
    if _given_in_rngs(draw, ""):
        return f"{analysis.module.code_for_node(draw.func)}(..., rngs=...)"
    return analysis.module.code_for_node(draw)
