"""ACC5xx: recompilation storms: loops that make a cached function build a new trace each pass.

These rules read the host code that calls compiled functions (acclint.analysis.loops), not the traced
bodies; they report only what provably changes on every pass of a loop (see that module).
"""

from __future__ import annotations

from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.loops import JittedCall, LoopFacts, StormTables, loop_facts
from acclint.frameworks.markers import HOST_LOOPS
from acclint.lint.rule import Rule
from acclint.rules.tables import apis

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]


def _facts(analysis: ModuleAnalysis) -> LoopFacts:
    storms = apis()["storms"]
    tables = StormTables(
        frozenset(storms["wrappers"]), frozenset(storms["array_constructors"]), frozenset(storms["callers"]), frozenset(storms["object_cached"])
    )
    return loop_facts(analysis, tables)


def _code(analysis: ModuleAnalysis, node: cst.CSTNode) -> str:
    return analysis.module.code_for_node(node).strip()


def _arguments(call: JittedCall) -> Iterator[tuple[cst.Arg, int | None]]:
    """Each argument of the call with its position (None for a keyword or starred one)."""
    position = 0
    for arg in call.args:
        if arg.keyword is None and not arg.star:
            yield arg, position
            position += 1
        else:
            yield arg, None


class RewrapInLoop(Rule):
    """A jit-family wrapper applied on every pass of a loop to a callable made anew, and called.

    What it does:
        Flags `jax.jit` (also `pjit`, `eqx.filter_jit`, `nnx.jit`, `dlaccelerate`,
        `tf.function`, in any spelling) applied inside a loop or comprehension to a callable
        that is a new object on each pass (a `lambda`, `functools.partial(...)`, a `def` in the
        loop body, a bound method `self.step`, the result of `jax.grad(...)`; for
        `dlaccelerate` and `tf.function`, which keep their cache in the object they return, any
        function)
        when the wrapped result is called once on that pass; and the same inside a function
        that a loop of the module calls. Loops over a literal collection (`for mode in
        ("train", "eval")`, also a grid of them) and literal ranges of at most five passes are
        bounded, and a result called again (or handed to another call, or called in a nested
        loop) on the same pass is a per-pass compile that the pass reuses: neither is flagged.

    Why is this bad:
        `jax.jit` caches compiled traces on the function object it wraps, and `dlaccelerate`
        keeps its cache in the object it returns. A callable made anew on each pass is never
        found in the cache: every step traces and compiles again, which is usually slower than
        not compiling at all. Re-wrapping the same module-level function is cached and fine.

    Example:
        for step in range(num_steps):
            update = jax.jit(lambda p, g: p - lr * g)
            params = update(params, grads)

    Use instead:
        update = jax.jit(lambda p, g, lr: p - lr * g)
        for step in range(num_steps):
            params = update(params, grads, lr)

    Fix safety:
        No fix: hoisting the wrapper out of the loop changes what the callable sees when it
        closes over names the loop rebinds (a trace bakes in the values of its first pass), so
        values that change must become arguments; only you can tell which ones.
    """

    code = "ACC501"
    name = "rewrap-in-loop"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import jax

def update(p, g):
    return p - 0.1 * g

def train(params, grads, steps):
    for step in range(steps):
        params = jax.jit(update)(params, grads)  # the same function object: cached
    for mode in ("train", "eval"):
        params = jax.jit(lambda p: p * 2)(params)  # two passes: bounded
    return params
""",
    ]
    INVALID = [
        """
import functools
import jax

def update(p, g, lr):
    return p - lr * g

def train(params, grads, steps):
    for step in range(steps):
        params = jax.jit(lambda p, g: p - 0.1 * g)(params, grads)  # expect: ACC501
        step_fn = jax.jit(functools.partial(update, lr=0.1))  # expect: ACC501
        params = step_fn(params, grads)
    return params
""",
        """
import jax

def predict(params, x):
    return jax.jit(lambda p: p @ x)(params)  # expect: ACC501

def evaluate(params, batches):
    return [predict(params, x) for x in batches]
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        for rewrap in _facts(analysis).rewraps:
            wrapper = rewrap.node.func if isinstance(rewrap.node, cst.Call) else rewrap.node
            yield (
                rewrap.node,
                f"'{_code(analysis, wrapper)}' wraps {rewrap.what} on every pass of {rewrap.where}: "
                "its cache is keyed on that new object, so every pass traces and compiles again; "
                "wrap once outside the loop and pass changing values as arguments",
                rewrap.statement,
            )


class ChangingStaticArgument(Rule):
    """A static argument of a jitted function that receives a new value on every pass of a loop.

    What it does:
        Flags an argument in a position named by `static_argnums` / `static_argnames` of a
        jitted function (a decorator, `partial(jax.jit, static_argnums=...)`, or
        `f = jax.jit(g, static_argnames=...)` in the module) when it is passed, inside a loop,
        a value that provably changes on every pass: the variable of a `range`, `enumerate` or
        `itertools.count` loop, a counter stepped by a literal (`step += 1`, `lr *= 0.9`), or
        arithmetic on those. Values drawn from a bounded set (a loop over a literal tuple, a
        flag) are not flagged. `tf.function` keys its traces on every Python value it is
        passed, so there any argument counts (TensorFlow logs a retracing warning after five).

    Why is this bad:
        A static argument is part of the cache key by value: each new value traces and
        compiles the function again, so a step count or a decaying learning rate passed
        statically compiles on every step.

    Example:
        @partial(jax.jit, static_argnums=2)
        def update(params, grads, lr):
            return params - lr * grads

        for step in range(1000):
            params = update(params, grads, 0.1 * 0.99**step)

    Use instead:
        @jax.jit
        def update(params, grads, lr):  # lr traced: one compile
            return params - lr * grads

    Fix safety:
        No fix: making the argument traced breaks code that uses it as a Python value in the
        body (a shape, a `range`, an `if`), which only you can rewrite.
    """

    code = "ACC502"
    name = "changing-static-argument"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
from functools import partial
import jax

@partial(jax.jit, static_argnames="mode")
def run(x, mode):
    return x * 2 if mode == "train" else x

def loop(x, epochs):
    for epoch in range(epochs):
        for mode in ("train", "eval"):
            x = run(x, mode=mode)  # two values: two compiles
    return x
""",
    ]
    INVALID = [
        """
from functools import partial
import jax

@partial(jax.jit, static_argnums=2)
def update(params, grads, lr):
    return params - lr * grads

def train(params, grads, steps):
    for step in range(steps):
        params = update(params, grads, 0.1 * 0.99**step)  # expect: ACC502
    return params
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        facts = _facts(analysis)
        value_keyed = frozenset(apis()["storms"]["value_keyed"])
        for call in facts.calls:
            if call.jitted.runtime:
                continue
            for arg, position in _arguments(call):
                static = call.jitted.marker in value_keyed or ((position in call.jitted.static_positions) if position is not None else (
                    arg.keyword is not None and arg.keyword.value in call.jitted.static_names
                ))
                if static and facts.changes(arg.value, call.loops):
                    yield (
                        arg.value,
                        f"static argument '{_code(analysis, arg.value)}' of '{_code(analysis, call.callee)}' "
                        "changes on every pass of the loop: each new value compiles a new trace; "
                        "pass it as an ordinary (traced) argument",
                        call.statement,
                    )


class ChangingShapeInLoop(Rule):
    """A compiled function called in a loop with a slice whose length changes on every pass.

    What it does:
        Flags an argument of a jitted or accelerated function, called inside a loop, that is a
        slice with one end moving with the loop (`x[:i]`, `x[i:]`, `x[:, :t + 1]`, also inside
        `jnp.asarray(...)` / `dlarray(...)`, or a name bound to such a slice in the loop) while
        the other end stays put, so its length changes on every pass. Fixed-size windows
        (`x[i:i + bs]`) are not flagged.

    Why is this bad:
        Traces are cached per input shape: every new length traces and compiles again (MATLAB's
        dlaccelerate documentation warns of a new trace "for each unique sequence length").

    Example:
        for t in range(1, len(tokens)):
            logits = decode(params, tokens[:t])

    Use instead:
        padded = jnp.pad(tokens, (0, max_len - len(tokens)))
        for t in range(1, len(tokens)):
            logits = decode(params, padded, t)  # mask positions >= t inside

        (or pad each length up to one of a few bucket sizes)

    Fix safety:
        No fix: padding needs a mask or a length inside the function, which changes its body.
    """

    code = "ACC503"
    name = "changing-shape-in-loop"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import jax

@jax.jit
def loss(batch):
    return (batch ** 2).mean()

def epoch(data, bs):
    return [loss(data[i:i + bs]) for i in range(0, len(data), bs)]  # fixed-size windows
""",
    ]
    INVALID = [
        """
import jax

@jax.jit
def decode(tokens):
    return tokens.sum()

def generate(tokens):
    return [decode(tokens[:t]) for t in range(1, len(tokens))]  # expect: ACC503
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        facts = _facts(analysis)
        unkeyed = frozenset(apis()["storms"]["shapes_unkeyed"])
        for call in facts.calls:
            if call.jitted.marker in unkeyed:
                continue
            for arg, _position in _arguments(call):
                resized = facts.resized(arg.value, call.loops)
                if resized is not None:
                    yield (
                        arg.value,
                        f"'{_code(analysis, resized)}' changes length on every pass of the loop: "
                        f"'{_code(analysis, call.callee)}' traces and compiles again for each new shape; "
                        "pad to a fixed size (or to a few bucket sizes) and mask",
                        call.statement,
                    )


class ChangingAcceleratedInput(Rule):
    """A `dlaccelerate`d function called in a loop with a non-dlarray input that changes each pass.

    What it does:
        Flags an argument of a function accelerated with the runtime's `dlaccelerate`, called
        inside a loop, that provably changes on every pass and is no dlarray: the loop's
        counter (an iteration or epoch number), a counter stepped by a literal, or arithmetic
        on those (a decaying learning rate).

    Why is this bad:
        `dlaccelerate` keys its traces on the values of inputs that are not dlarrays (as
        MATLAB does), so every new value builds and caches a new trace: the cache fills up and
        each call is slower than the plain function. MATLAB's documentation names "inputs with
        random or frequently changing values" as poor candidates for acceleration.

    Example:
        accfun = dlaccelerate(model_loss)
        for iteration in range(num_iterations):
            loss, grads = dlfeval(accfun, net, X, iteration)

    Use instead:
        for iteration in range(num_iterations):
            loss, grads = dlfeval(accfun, net, X, dlarray(iteration))  # traced: one trace

    Fix safety:
        No fix: a dlarray input is traced, so code that uses it as a Python value (a size, an
        `if`) must change too.
    """

    code = "ACC504"
    name = "changing-accelerated-input"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
from acclint.runtime import dlaccelerate, dlarray

@dlaccelerate
def scale(x, factor):
    return x * factor

def run(x, steps):
    for step in range(steps):
        x = scale(x, dlarray(float(step)))  # a dlarray input: traced, one trace
    return x
""",
    ]
    INVALID = [
        """
from acclint.runtime import dlaccelerate

@dlaccelerate
def scale(x, factor):
    return x * factor

def run(x, steps):
    for step in range(steps):
        x = scale(x, step)  # expect: ACC504
    return x
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        facts = _facts(analysis)
        for call in facts.calls:
            if not call.jitted.runtime:
                continue
            for arg, _position in _arguments(call):
                if facts.changes(arg.value, call.loops):
                    yield (
                        arg.value,
                        f"'{_code(analysis, arg.value)}' is no dlarray and changes on every pass of the loop: "
                        f"'{_code(analysis, call.callee)}' keys its traces on its value and builds a new trace "
                        "each call; pass it as a dlarray",
                        call.statement,
                    )
