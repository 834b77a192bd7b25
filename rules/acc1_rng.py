"""ACC1xx: random numbers that a cached trace freezes."""

from __future__ import annotations

import libcst as cst

from acclint.fix.calls import draw_like_fix
from acclint.fix.imports import framework_of
from acclint.fix.report import report_with_fix
from acclint.frameworks.markers import CACHED, KERNEL
from acclint.lint.rule import Rule, RuleContext
from acclint.rules.data_passes import passed_over_once
from acclint.rules.frozen_keys import constant_seed, frozen_seed, seeds_frozen_key
from acclint.rules.tables import apis


def host_draw(qualified: str | None) -> bool:
    """Whether calling `qualified` draws from NumPy's or the stdlib's host generators."""
    if qualified is None:
        return False
    rng = apis()["rng"]
    for factory in rng["generator_factories"]:
        if qualified.startswith(factory + "."):
            method = qualified[len(factory) + 1:]
            return "." not in method and method not in rng["generator_methods_not_draws"]
    if qualified.startswith(rng["numpy_prefix"]):
        return "(" not in qualified and qualified not in rng["not_draws"]
    module, _, name = qualified.rpartition(".")
    if any(qualified.startswith(entry["prefix"]) and name in entry["methods"] for entry in rng["method_draws"]):
        return True
    return module == "random" and name in rng["stdlib_draws"]


def draws_from(cls: str) -> bool:
    """Whether a method of an object of the class `cls` may be a host draw (`host_draw` of
    `cls().method` for some method): `cls` is a generator factory's class, or under a prefix
    of `method_draws` (`_generator_draw` asks so of an object's classes)."""
    made = f"{cls}()."
    rng = apis()["rng"]
    return any(made.startswith(factory + ".") for factory in rng["generator_factories"]) or any(
        made.startswith(entry["prefix"]) or entry["prefix"].startswith(made) for entry in rng["method_draws"]
    )


def numpy_array_draw(call: cst.Call, qualified: str) -> bool:
    """Whether `call` is a `numpy.random` module function drawing an array: one that always
    gives one (`permutation`), or one given a size (`size=`, or an argument at its size position:
    `size_positions` in rules/apis.toml). Not a generator's method (`rng.normal(size=3)`)."""
    rng = apis()["rng"]
    name = qualified.rpartition(".")[2]
    if not qualified.startswith(rng["numpy_prefix"]) or qualified.count(".") != 2:
        return False
    if name in rng["array_draws"] or any(a.keyword is not None and a.keyword.value == "size" for a in call.args):
        return True
    positional = [a for a in call.args if a.keyword is None]
    at = rng["size_positions"].get(name, 2)
    return bool(positional) if at < 0 else len(positional) > at or any(a.star for a in positional)


def dispatched_draw(call: cst.Call, qualified: str | None) -> bool:
    """Whether `call` looks up a random draw by its name (`autoray.do("random.normal", ...)`)."""
    rng = apis()["rng"]
    if qualified not in rng["dispatch_draws"] or not call.args or call.args[0].keyword is not None:
        return False
    name = call.args[0].value
    return isinstance(name, cst.SimpleString) and str(name.evaluated_value).startswith(rng["dispatch_prefix"])


def _reads_traced(node: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether `node` reads a traced name anywhere in it: `x.shape` and `x.size(0)` read `x`,
    which a tracer that records every use of its inputs (torch.fx) sees."""
    stack: list[cst.CSTNode] = [node]
    while stack:
        part = stack.pop()
        if isinstance(part, cst.Name):
            if ctx.is_traced(part):
                return True
        elif isinstance(part, cst.Attribute):
            stack.append(part.value)
        elif isinstance(part, cst.Arg):
            stack.append(part.value)
        else:
            stack.extend(part.children)
    return False


class HostRandomDraw(Rule):
    """A NumPy or stdlib random draw inside a cached trace.

    What it does:
        Flags calls that draw from `numpy.random` (module functions and `default_rng()` /
        `RandomState` generators, also module-level ones), from the stdlib `random` module or
        from libraries that draw on the host (`scipy.stats` distributions' `rvs`, autoray's
        `do("random.normal", ...)`, objax's `objax.random.normal`) inside a function whose trace is cached (`jax.jit`, `lax.scan` bodies, `dlaccelerate`,
        `Acceleratable.predict/forward`, helpers they call), and, under a framework whose data
        name a library's host-side generator (`[draws] host_generator`: Keras 3 under jax.jit),
        that library's random ops given no seed (`keras.random.uniform(shape)`) and its drawing
        layers made in the trace (`keras.layers.Dropout(0.5)(x, training=True)`). Where the framework traces a
        `numpy.random` function's array into its graph (`torch.compile(fullgraph=True)`:
        `[draws]` in its data), only the other draws: a Python number, a generator's draw.
        Where the framework bakes only some draws (`[draws] baked`: torch.compile, a
        `random.Random` object's `random()`, `randint()`, `randrange()`, `uniform()`), only those,
        also of an object handed in under another name (a parameter the module's calls, through
        the function's name or a compiled callable made from it, pass one to).
        Where the framework runs its own random ops there and then when they take no traced
        value (`[draws] untraced`: torch.fx's symbolic tracing, `torch.randn(5)` but not
        `torch.randn_like(x)` or `torch.randn(x.shape)`), those too.
        A draw from a generator the function makes itself from a constant seed is not flagged
        (`np.random.RandomState(1729).uniform(...)`, or a local bound only to
        `np.random.default_rng(0)`; `[rng] seeded_factories`): it starts from the same state on
        every call, so every eager call draws the very same numbers and freezing them changes
        nothing.

    Why is this bad:
        The draw runs on the host once, while the trace is built, and its result is stored in
        the trace as a constant. Every later call replays the same "random" numbers: dropout
        masks, noise and augmentations silently stop changing. Under
        `torch.compile(fullgraph=True)` such a draw raises instead.

    Example:
        @jax.jit
        def noisy(x):
            return x + np.random.normal(size=x.shape)

    Use instead:
        @jax.jit
        def noisy(x, key):
            return x + jax.random.normal(key, x.shape)

        (with the runtime: `x + randn(size(x), like=x)`)

    Fix safety:
        No fix: the replacement needs a PRNG key threaded through the caller.
    """

    code = "ACC101"
    name = "host-random-draw"
    contexts = frozenset({CACHED, KERNEL})
    VALID = [
        """
import jax
import numpy as np

@jax.jit
def noisy(x, key):
    return x + jax.random.normal(key, x.shape)

def host_side(x):
    return x + np.random.normal(size=3)
""",
    ]
    INVALID = [
        """
import jax
import numpy as np

@jax.jit
def noisy(x):
    return x + np.random.normal(size=x.shape)  # expect: ACC101
""",
        """
import random
import jax
import numpy as np

RNG = np.random.default_rng(0)

@jax.jit
def jitter(x):
    return x * random.uniform(0.9, 1.1) + RNG.normal()  # expect: ACC101
""",
    ]

    @classmethod
    def reads_objects_of(cls, qualified: str) -> bool:
        return draws_from(qualified)  # a generator's draw (`_generator_draw`)

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if _unseeded_generator_draw(node, qualified, ctx):
            ctx.report(
                node,
                f"'{ctx.code_for(node.func)}' with no seed draws from a generator whose state lives on the host: in a cached trace "
                + framework_of(ctx).says(self.code, "it is read once, while tracing, so every call draws the same numbers (Keras 3.15 raises); pass a seed the call gives (a JAX key)"),
            )
            return
        if qualified in framework_of(ctx).untraced_draws and not any(_reads_traced(a.value, ctx) for a in node.args):
            ctx.report(
                node,
                f"'{ctx.code_for(node.func)}' takes no traced value: in a cached trace "
                + framework_of(ctx).says(self.code, "it is drawn once, while tracing, and kept as a constant: every call replays the same numbers"),
            )
            return
        if not host_draw(qualified):
            qualified = _generator_draw(node.func, ctx) or qualified
        if host_draw(qualified) or dispatched_draw(node, qualified):
            if framework_of(ctx).numpy_arrays_traced and numpy_array_draw(node, qualified or ""):
                return  # traced into the graph (torch.compile): drawn anew on every call
            baked = framework_of(ctx).baked_draws
            if baked is not None and qualified not in baked:
                return  # replayed on every call (torch.compile's `random.random()`): not frozen
            if _seeded_in_the_call(node.func, ctx):
                return  # the same numbers on every eager call too: freezing them changes nothing
            if seeds_frozen_key(ctx):
                return  # the seed of a key the trace freezes: ACC103's finding names it
            ctx.report(
                node,
                f"host random draw '{ctx.code_for(node.func)}' in a cached trace "
                + framework_of(ctx).says(self.code, "is frozen into it: every call replays the same numbers; use jax.random with a key (or rand(..., like=x))"),
            )


class RuntimeDrawWithoutLike(Rule):
    """The runtime's `rand`/`randn` without `like=` a traced value, inside a cached trace.

    What it does:
        Flags `rand(...)` / `randn(...)` from `acclint.runtime` in an accelerated function when
        no `like=` argument names a traced value (a missing `like`, or `like=` a host constant).

    Why is this bad:
        `dlaccelerate` records the numbers drawn while building the trace as constants; only
        a draw `like` a traced input is recorded as a random operation that draws anew on each
        call. MATLAB's documentation describes the same hazard.

    Example:
        @dlaccelerate
        def dropout(x):
            return x * (rand(size(x)) > 0.5)

    Use instead:
        @dlaccelerate
        def dropout(x):
            return x * (rand(size(x), like=x) > 0.5)

    Fix safety:
        `--fix` adds `like=x` when `x` is the only traced input of the function (a draw with a
        `like=` that names an untraced value, or in a function with several traced inputs, is
        left to you). Safe: the draw is then recorded as a random operation and gives fresh
        numbers on every call, as intended; like any `like=` draw, the result takes `x`'s
        dtype (and its format when the number of dimensions matches) and is a dlarray.
    """

    code = "ACC102"
    name = "runtime-draw-without-like"
    contexts = frozenset({CACHED, KERNEL})
    VALID = [
        """
from acclint.runtime import dlaccelerate, rand, size

@dlaccelerate
def dropout(x):
    return x * (rand(size(x), like=x) > 0.5)
""",
    ]
    INVALID = [
        """
from acclint.runtime import dlaccelerate, rand, size

@dlaccelerate
def dropout(x):
    return x * (rand(size(x)) > 0.5)  # expect: ACC102
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        qualified = ctx.resolve(node.func)
        if qualified not in apis()["rng"]["runtime_draws"]:
            return
        like = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "like"), None)
        if like is not None and not ctx.is_static(like):
            return  # like= a traced value (or, unless pedantic, one that may be traced)
        name = ctx.code_for(node.func)
        if like is None:
            reason = f"'{name}' without like= in a cached trace"
        else:
            reason = f"'{name}' like= the untraced value '{ctx.code_for(like)}' in a cached trace"
        message = f"{reason} is frozen into it: every call replays the same numbers; draw like= a traced input"
        report_with_fix(ctx, node, message, draw_like_fix(node, ctx))


class ConstantKeyInTrace(Rule):
    """A JAX PRNG key built inside a cached trace from a seed the host fixes while tracing is a constant of the trace.

    What it does:
        Flags `jax.random.PRNGKey(seed)` / `jax.random.key(seed)` in a function whose trace is
        cached (`jax.jit`, `lax.scan` bodies, helpers they call) when the seed is a value
        Python computes while tracing: a literal, a module-level constant (`SEED = 0`), or a
        Python value a call makes from nothing the call of the function gives it (a clock read
        `int(time.time())`, a host draw `np.random.randint(...)`, `next(counter)`, also through
        a local bound to one), and `jax.random` draws from the key (directly, or through the
        name it is bound to). The clock read, host draw or iterator step in such a seed is this
        one hazard: ACC404, ACC101 and ACC603 leave it to this rule. A key made from an
        argument (a traced step, a static seed), a constant key mixed
        with a value of the call (`jax.random.fold_in(key, step)`, also through a name), and a
        constant key handed to something other than `jax.random` (`model.init(PRNGKey(0),
        x)`, `eqx.nn.MLP(..., key=PRNGKey(1))`: a fixed initialisation, usually on purpose)
        are not flagged.

    Why is this bad:
        The key is the same on every call, so every call draws the same numbers: the dropout
        mask, the noise or the sampled tokens never change between steps. JAX raises no error
        and the loss still goes down, which hides it.

    Example:
        @jax.jit
        def dropout(x):
            keep = jax.random.bernoulli(jax.random.PRNGKey(0), 0.9, x.shape)
            return jnp.where(keep, x / 0.9, 0.0)

    Use instead:
        @jax.jit
        def dropout(x, key):
            keep = jax.random.bernoulli(key, 0.9, x.shape)
            return jnp.where(keep, x / 0.9, 0.0)

        (split a fresh key for each call in the training loop, or `fold_in` the step)

    Fix safety:
        No fix: a fresh key must come from the caller (a new parameter, threaded through every
        call site) or from a value that changes per call, which only you can choose.
    """

    code = "ACC103"
    name = "constant-prng-key"
    contexts = frozenset({CACHED})
    VALID = [
        """
import jax

@jax.jit
def dropout(x, key):
    return x * jax.random.bernoulli(key, 0.9, x.shape)

@jax.jit
def noisy(x, step):
    key = jax.random.key(0)
    key = jax.random.fold_in(key, step)
    return x + jax.random.normal(key, x.shape)

@jax.jit
def init(x):
    return MODEL.init(jax.random.PRNGKey(0), x)  # a fixed initialisation

@jax.jit
def by_step(x, step):
    return x + jax.random.normal(jax.random.PRNGKey(step), x.shape)
""",
    ]
    INVALID = [
        """
import time
import jax

SEED = 42

@jax.jit
def dropout(x):
    return x * jax.random.bernoulli(jax.random.PRNGKey(0), 0.9, x.shape)  # expect: ACC103

@jax.jit
def noisy(x):
    key = jax.random.key(SEED)  # expect: ACC103
    return x + jax.random.normal(key, x.shape)

@jax.jit
def jitter(x):
    return x + jax.random.normal(jax.random.PRNGKey(int(time.time())), x.shape)  # expect: ACC103
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        seed = frozen_seed(node, ctx, ctx.ancestors)
        if seed is None:
            return
        code = ctx.code_for(seed)
        built = f"the constant seed '{code}'" if constant_seed(seed, ctx) else f"the seed '{code}', a value the host fixes while tracing,"
        ctx.report(
            node,
            f"'{ctx.code_for(node)}' is built from {built} in a cached trace: "
            "every call draws the same numbers; take the key as an argument (or fold_in a value of the call)",
        )


class RestartedSeededDraw(Rule):
    """A framework random op with a fixed seed, in a function the framework runs anew on every pass over its data, draws on a second pass over the data the same values as on the first.

    What it does:
        Flags a stateful framework random op (`[draws] seeded`: `tf.random.uniform`,
        `tf.random.normal`, `tf.image.random_flip_left_right`, ...) in a function whose trace
        the framework starts again for every pass (`[draws] restarted_by`: the functions tf.data's
        `map`, `filter`, `flat_map` and `interleave` trace, helpers they call) when its seed is
        fixed: it is given a constant op `seed=` (a literal, or a module-level name bound once
        to one), or the module sets the global seed (`[draws] seed_setters`:
        `tf.random.set_seed`, `keras.utils.set_random_seed`). An op with neither seed (`seed=seed`
        of a parameter that may be None is not known to be one), a `tf.random.Generator`'s draw and a stateless op (`tf.random.stateless_uniform`,
        which draws the same values eagerly too) are not flagged, nor the same op in a
        `tf.function` (it keeps its stream across calls). Nor is an op whose data the
        module passes over once only: every dataset it is mapped into bound to a name the
        module iterates in one `for` or comprehension (or `list(...)`) outside any loop,
        through dataset methods at most (`.repeat(2)` draws anew), and uses nowhere else
        (rules/data_passes.py; run: benchmarks/framework_runs.py
        tf_data_seeded_draw_second_pass: iterated again, an epoch loop and `fit(epochs=2)`
        repeat the draws; TC-ResNet#1). Data handed elsewhere (`fit`, a function) may be
        passed over again and is flagged.

    Why is this bad:
        tf.data runs the traced function anew for each new iterator, that is on every pass
        over the dataset (every Keras epoch), and each stateful random op there starts its
        stream again from the seed it was traced with: every epoch sees the same augmentation
        (tensorflow#35682). Run eagerly (tf.data debug mode), each pass draws new values.

    Example:
        tf.random.set_seed(0)
        ds = ds.map(lambda x: x + tf.random.uniform(tf.shape(x)))

    Use instead:
        tf.random.set_seed(0)
        gen = tf.random.Generator.from_seed(0)
        ds = ds.map(lambda x: x + gen.uniform(tf.shape(x)))

        (or `tf.random.stateless_uniform` with a seed taken from the element or the epoch)

    Fix safety:
        No fix: the generator must be made outside the function, which only you can place.
    """

    code = "ACC104"
    name = "seeded-draw-restarts"
    contexts = frozenset({CACHED})
    VALID = [
        """
import tensorflow as tf

gen = tf.random.Generator.from_seed(0)
ds = tf.data.Dataset.range(8).map(lambda i: gen.uniform(()) + tf.random.uniform(()))
""",
    ]
    INVALID = [
        """
import tensorflow as tf

tf.random.set_seed(0)
ds = tf.data.Dataset.range(8).map(lambda i: tf.random.uniform(()))  # expect: ACC104
""",
    ]

    def visit_Call(self, node: cst.Call, ctx: RuleContext) -> None:
        framework = framework_of(ctx)
        if not framework.restarted_by & ctx.function.markers or ctx.resolve(node.func) not in framework.seeded_draws:
            return
        seed = next((a.value for a in node.args if a.keyword is not None and a.keyword.value == "seed"), None)
        if seed is not None and not constant_seed(seed, ctx):
            seed = None  # `seed=seed`, a parameter that may be None: not known fixed
        setter = None if seed is not None else _seed_setter(framework.seed_setters, ctx)
        if seed is None and setter is None:
            return  # no seed at all: each pass draws new values
        if passed_over_once(ctx.function, framework.restarted_by, ctx):
            return  # no second pass to repeat the first one's draws
        why = f"its seed '{ctx.code_for(seed)}'" if seed is not None else f"the global seed '{ctx.code_for(setter)}' sets"
        ctx.report(
            node,
            f"random op '{ctx.code_for(node.func)}' in a function run anew on every pass over the data starts again from "
            f"{why}: every pass (every epoch) draws the same values; draw from a tf.random.Generator made outside it",
        )


def _unseeded_generator_draw(call: cst.Call, qualified: str | None, ctx: RuleContext) -> bool:
    """Whether `call` draws from a host-side generator of the framework's data (`[draws]
    host_generator`: `keras.random.uniform(shape)` under jax.jit) with no seed of its own: no
    `seed=` other than None and fewer than four positional arguments (a seed's place in
    Keras' ops), or constructs a layer that makes one."""
    framework = framework_of(ctx)
    if qualified is None or qualified in framework.host_generator_not_draws:
        return False
    if not qualified.startswith(framework.host_generator_draws) and qualified not in framework.host_generator_layers:
        return False
    seed = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "seed"), None)
    if seed is not None:
        return isinstance(seed, cst.Name) and seed.value == "None"
    return sum(a.keyword is None and not a.star for a in call.args) < 4 and not any(a.star for a in call.args)


def _seed_setter(setters: frozenset[str], ctx: RuleContext) -> cst.BaseExpression | None:
    """The callee of a call in the module that sets the framework's global seed, or None."""
    return ctx.analysis.callee_in(setters) if setters else None


def _generator_draw(func: cst.BaseExpression, ctx: RuleContext) -> str | None:
    """`random.Random().randint` for `gen.randint` where `gen` holds a generator object the
    data make (`[[instances]]`: `random.Random(0)`), also a parameter the module's calls hand
    one to under another name (`opt_fn(x, rng)` into `def fn(x, gen)`); else None."""
    if not isinstance(func, cst.Attribute):
        return None
    for cls in sorted(ctx.analysis.types(func.value, ctx.function, callers=True)):
        if host_draw(drawn := f"{cls}().{func.attr.value}"):
            return drawn
    return None


def _seeded_in_the_call(func: cst.BaseExpression, ctx: RuleContext) -> bool:
    """Whether `func`, a generator's method, draws from a generator the traced function makes
    itself from a constant seed: `np.random.RandomState(1729).uniform(...)`, or a local bound
    only to such a generator (`rng = np.random.default_rng(0)`). It starts from the same state
    on every call, so every eager call draws the very same numbers (run: mlcommons
    algorithmic-efficiency's shampoo start vector, tests/test_unseen_round10.py)."""
    if not isinstance(func, cst.Attribute):
        return False
    made = func.value
    if isinstance(made, cst.Name):
        if not ctx.is_local(made.value):
            return False
        flows = ctx.analysis.body(ctx.function).flows_into.get(made.value, [])
        return bool(flows) and all(how == "=" and _seeded_generator(value, ctx) for _, value, how in flows)
    return _seeded_generator(made, ctx)


def _seeded_generator(value: cst.BaseExpression, ctx: RuleContext) -> bool:
    """A call of a factory whose seed fixes the stream (`[rng] seeded_factories`) given a
    constant seed."""
    if not isinstance(value, cst.Call) or f"{ctx.resolve(value.func)}()" not in apis()["rng"]["seeded_factories"]:
        return False
    seed = next((a.value for a in value.args if a.keyword is None or a.keyword.value in ("seed", "x")), None)
    return seed is not None and not any(a.star for a in value.args) and constant_seed(seed, ctx)
