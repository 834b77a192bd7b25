"""ACC5xx: recompilation storms: loops that make a cached function build a new trace each pass.

These rules read the host code that calls compiled functions (acclint.analysis.loops), not the traced
bodies; they report only what provably changes on every pass of a loop (see that module).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Iterable, Iterator

import libcst as cst

from acclint.analysis.module import ModuleAnalysis
from acclint.analysis.loops import KeyChange, LoopFacts, StormTables, loop_facts
from acclint.frameworks.markers import HOST_LOOPS
from acclint.fix.hoist import Lazy, hoist_fix
from acclint.lint.rule import ModuleFinding, Rule
from acclint.rules.tables import apis

Finding = tuple[cst.CSTNode, str, cst.BaseStatement]


def storm_facts(analysis: ModuleAnalysis) -> LoopFacts:
    """The module's cache-key analysis (its compiled calls and their loops), made once for every
    rule that reads it: the ACC5 rules, and ACC105."""
    return loop_facts(analysis, _tables())


@cache
def _tables() -> StormTables:
    """The `[storms]` lists as the analysis reads them: made once, where each of the five rules
    made them again for every module."""
    storms = apis()["storms"]
    shape_makers = {
        name: (frozenset(-1 if p == "*" else p for p in spec["positions"]), frozenset(spec["keywords"]))
        for spec in storms["shape_makers"] for name in spec["functions"]
    }
    return StormTables(
        frozenset(storms["wrappers"]), frozenset(storms["array_constructors"]), frozenset(storms["callers"]),
        frozenset(storms["new_objects"]), frozenset(storms["bound_methods"]), shape_makers, dict(storms["callable_results"]),
        {owner: frozenset(names) for owner, names in storms["static_fields"].items()},
        {call: (position, keyword) for call, (position, keyword) in storms["leaf_setters"].items()},
        {**dict(storms["number_draws"]), **{name: None for name in storms["stdlib_number_draws"]}},
        frozenset(storms["array_constructors"]) | frozenset(shape_makers) | frozenset(storms["array_makers"]),
        frozenset(storms["data_sized"]) | frozenset(apis()["shapes"]["sized"]),
        frozenset(storms["one_argument_sized"]) | frozenset(apis()["shapes"]["one_argument_sized"]),
        dict(storms["integer_draws"]), frozenset(storms["joins"]), frozenset(storms["key_steps"]),
        {call: tuple(bounds) for call, bounds in storms["few_valued_draws"].items()},
        memoizers=frozenset(storms["memoizers"]), lowering=frozenset(storms["lowering"]),
        compiles_in_place=frozenset(storms["compiles_in_place"]),
    )


# How an ACC501 finding at a wrapper application names the call that runs its result.
_CALLED_ON = re.compile(r"^the compiled callable made here and called on line (\d+) ")


def traced_line(line: int, code: str, message: str) -> int:
    """The line whose call traces anew for an ACC5 finding: the call an ACC501 finding at a
    wrapper application names (`f = jax.jit(...)` reported, `f(x)` on the next line traces),
    else the finding's own line. A run that counts traces per calling line (the spelling sets'
    labels, the cross-check) sees this line."""
    called = _CALLED_ON.match(message) if code == "ACC501" else None
    return int(called.group(1)) if called else line


def _code(analysis: ModuleAnalysis, node: cst.CSTNode) -> str:
    return analysis.module.code_for_node(node).strip()


def _changes(analysis: ModuleAnalysis, code: str) -> Iterator[KeyChange]:
    return (change for change in storm_facts(analysis).changes if change.code == code)


class RewrapInLoop(Rule):
    """A call, on every pass of a loop, of a compiled callable whose identity (a component of its cache key) is new on each pass.

    What it does:
        Flags the call that runs the result of `jax.jit` (also `pjit`, `eqx.filter_jit`, `nnx.jit`, `dlaccelerate`,
        `tf.function`, in any spelling) applied on every pass of an unbounded loop (a `for`, a
        `while`, a comprehension, or `map(f, xs)`, which calls `f` once per item) to a
        callable that is a new object on each pass (a `lambda`, `functools.partial(...)`, a
        `def` in the loop body, a bound method `obj.step` of any object, the result of
        `jax.grad(...)` or `jax.vmap(...)`, the callable `jax.vjp` or `jax.linearize` returns
        (`_, pullback = jax.vjp(f, x)`), what a module function returning a `lambda`, a local
        `def` or a `partial` makes: `jax.jit(make(k))`, a function held by an object made anew
        on each pass (`jax.jit(net.apply)` with `net = hk.transform(forward)` in the loop: each
        transform makes new `init` and `apply`); for `dlaccelerate` and `tf.function`,
        which keep their cache in the object they return, any function, also in a function that
        runs on every pass), when the
        wrapped result is called once on that pass; and the call, on every pass, of what a module
        function returns where its every `return` is a compiled callable it makes on that call (a
        local `@tf.function def step`, `return jax.jit(lambda p: ...)`: `train_step()(x)`, or
        `step = make_step(lr)` then `step(x)`); and a one-step call of a framework object that
        keeps the compiled function it builds, dropped on each pass before it (Keras:
        `model.compile(...)` then `model.train_on_batch(...)` on every pass traces a new train
        function per step; a `fit` of epochs per pass amortises its trace),
        also after an `if` that rebinds it; and the same inside a function that runs on every
        pass of such a loop (a decorated local `def` in a step function, also when the function is
        a method called as `obj.run()` or `self.run()`, is called from another function the loop
        calls, is the `__init__` of a class the loop instantiates or a method it calls through
        the class, `Cls.fit(...)`, or calls the local `def` through a transform such as
        `jax.value_and_grad(loss)` or hands it to a call that runs it, `minimize(loss, ...)`);
        there it is flagged even when the function reuses it across its own inner loop, since it
        is rebuilt on the next pass. Code in the body of a compiled function is not flagged: it
        runs only while that function is traced, not on each call. JAX's control-flow primitives
        called from host code (`lax.scan`, `lax.fori_loop`, `lax.while_loop`, `lax.cond`,
        `lax.switch`, `lax.map`) compile the functions they are given, cached on them: one given
        a new callable on each pass is flagged the same way at its call, and `lax.map`, which
        wraps what it is given in a closure of its own on every call, whatever it is given;
        since they are mostly written in functions traced from elsewhere, only where a loop at
        module level (a script's, a notebook's) or in a function module-level code calls (a
        script's `main()`) runs them and no trace reaches their function. A function of the
        project that hands its callable parameter to one of them (numpyro's `fori_loop(lower,
        upper, body_fun, init_val)` around `lax.fori_loop`, a wrapper of such a function) is
        the same call. For every ACC5 rule, a call is a call of a compiled callable when the
        value its callee denotes, followed through every binding the module shows, is a wrapper
        application or a project wrapper's result, keyed with the static options that
        application was given (also those a project wrapper forwards from its own parameters:
        `my_jit(f, static=(1,))` with `return jax.jit(f, static_argnums=static)`, a factory's
        `@compiled(static=(1,))`): a name bound to one or to another such name (`inference =
        forward`), to what a function or method returns (`step = get()`, `t.compiled_step()`, a
        factory's `@jax.jit` local `def`, through the binding that reaches its `return`), to `functools.partial` of one (its key sees the positions after
        the bound arguments), to an item of a list, tuple or dict of them or to one of two by a
        conditional expression; an item of such a container (`fns[k](x)`, `for fn in fns`, a
        cache `fns[k] = jax.jit(f)`); an attribute set on an object (`box.step = jax.jit(f)`);
        a parameter every call of its function passes one (`train(jax.jit(step,
        static_argnums=1), ...)`, or leaves to a default that is one; also a call from another
        module of the project, by position, by keyword or through `functools.partial(train,
        fast)`: the finding is at the call of the parameter), and an attribute a method
        binds to such a parameter (`self.step_fn = step_fn` in `__init__`); a transform of one
        (`jax.grad(fast)`, which calls it with what it is given); what a call gives back, called
        at once (`make()(x, i)`; a memoised factory, under `functools.lru_cache` or
        `functools.cache`, hands back one object: never a new identity); `functools.partial` of
        a wrapper application itself (`partial(jax.jit(f, static_argnums=1), b=0.5)`); the
        result of a module function whose local function calls its parameter with its own
        `*args, **kwargs` (a logging or timing decorator: `logged(jax.jit(f))`); a class
        attribute the class body binds to one, called through the class (`Steps.mul(x, k)`); a
        lowering of one (`F.lower(x, i)`, `F.trace(...)`, TensorFlow's
        `F.get_concrete_function(...)`), which traces it for the key of its arguments as a call
        does (`jax.jit(lambda v: ...).lower(x)` is a wrapper application called at once); a
        torch module compiled in place (`model.compile()`), called from then on; and a lambda
        bound to a name runs, as a `def` does, on every pass of a loop calling it. A factory whose every `return` applies `tf.function`
        (or `dlaccelerate`), which keeps its cache in the object it returns, makes a new
        compiled callable on each call whatever it wraps (`return tf.function(train_step)`);
        and a wrapper applied on each pass to a new callable and handed to a module function
        that calls that parameter once, in no loop of its own (`epoch(jax.jit(lambda v: ...),
        x)`), is run on that pass (benchmarks/call_spellings.py). A wrapper applied only while
        the name it binds is unset (`if step is None: step = jax.jit(f)`, nothing else in the
        loop binding `step`) is made on the first pass only, and every later pass calls that
        one: not flagged; nor is what a memo makes, a function that binds a holder only while
        it is unset (after `if self.test_function is not None: return self.test_function`, or
        under `if _STEP is None:`), however often a loop runs it (keras' `make_test_function`,
        reached from `fit` through `evaluate`).
        A bounded loop bounds the values derived from what the loop changes, not the objects
        made anew on each pass: over a literal collection (`for mode in ("train", "eval")`,
        also a grid of them) or a literal range of at most five passes, a wrapper applied on
        each pass to a callable that reads nothing the loop binds (`jax.jit(x.f)()`, a lambda
        of constants, a `partial` of invariant values) is flagged, since hoisting it compiles
        once, also in a function such a loop calls on each pass whose callable reads nothing
        the loop binds through the arguments the call gives it (`_body(x)` applying
        `jax.jit(x.f)`); one that reads the loop's value (`partial(step, mode=mode)`) is a compile per
        configuration, and a loop of one pass compiles once: neither is flagged. A result
        called again (or handed to another call) on the same pass is a per-pass compile that
        the pass reuses: not flagged; nor is one called in a nested loop when what the pass
        wraps closes over a value the pass binds (`partial(loss, scale=scale)`: one compile per
        configuration, as a static argument would be), while one that holds nothing the pass
        configures (the callable `jax.vjp` or `jax.linearize` returns over the pass's primals,
        jax#282; `jax.grad(g)` of a function the loop does not change) compiles on every pass
        of an unbounded loop for nothing and is flagged at the first call in the nested loop. `torch.compile` caches on the code object, so a new lambda there
        compiles once and is not flagged. A new object each pass brings its own compiled
        callables: `t = Trainer(cfg); t.step(x)` (or `Trainer(cfg).step(x)`, or the same in a
        function the loop runs) is flagged when `Trainer.__init__` binds `self.step` to a wrapper
        of a callable new per object (`jax.jit(self._step)`, a lambda; for `tf.function` any
        function), or `step` is a `@tf.function` method, and `t.step` is called once on the pass.
        The finding is where the cache key's new identity is made: at the wrapper application
        written as a call, whichever line calls its result (`f = jax.jit(lambda y: ...)` then
        `f(x)`: one hazard, reported on the first line), at the call for one applied and called
        at once, and at the call for a decorated `def` (its decorator and its `def` are two
        lines, the call one); it names the wrapper application (or the call) and the loop.

    Why is this bad:
        `jax.jit` caches compiled traces on the function object it wraps, and `dlaccelerate`
        and `tf.function` keep theirs in the object they return. A callable made anew on each
        pass is never found in the cache: every step traces and compiles again, which is
        usually slower than not compiling at all. Re-wrapping the same module-level function is
        cached and fine.

    Example:
        for step in range(num_steps):
            update = jax.jit(lambda p, g: p - lr * g)
            params = update(params, grads)

    Use instead:
        update = jax.jit(lambda p, g, lr: p - lr * g)
        for step in range(num_steps):
            params = update(params, grads, lr)

    Fix safety:
        A wrapper application written in a `for` or `while` loop's body, reading nothing the
        loop binds or changes in place, is bound once before the loop under a fresh name, which
        the loop then reads (`compiled = jax.jit(lambda p, g: ...)`, `params = compiled(params,
        grads)`): the same values, one compile. Safe when everything the compiled code reads is
        an import, a builtin or a function of the module (followed), every call in the
        application makes a callable and runs nothing, and the traced code has no Python effect
        (a print runs once per trace); otherwise unsafe, with the reason (a parameter or an
        object such as `self` may be changed by a call in the loop, and the trace would keep its
        first pass's value). No fix where the callable reads a name the loop binds (a closure
        over the loop variable, a configuration built per pass, a `def` in the loop): each pass
        needs its own value, which must become an argument, and only you can tell which; nor
        where the application is in a function the loop calls (hoisting would cross a function
        boundary) or in a comprehension (docs/fix.md).
    """

    code = "ACC501"
    name = "rewrap-in-loop"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import functools
import jax

def update(p, g):
    return p - 0.1 * g

def run(p, mode):
    return p * 2 if mode == "train" else p

def train(params, grads, steps):
    for step in range(steps):
        params = jax.jit(update)(params, grads)  # the same function object: cached
    for mode in ("train", "eval"):
        params = jax.jit(functools.partial(run, mode=mode))(params)  # one compile per mode
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
        """
import jax
from jax import lax

class X:
    def f(self):
        return 2.0

def sweep(x):
    for mode in ("train", "eval"):
        jax.jit(x.f)()  # expect: ACC501

xs = jax.numpy.ones(100)
for step in range(1000):  # a script's loop: host code
    lax.scan(lambda c, v: (c + v, v), 0.0, xs)  # expect: ACC501
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[ModuleFinding]:
        for change in _changes(analysis, self.code):
            wrapper = change.callee.func if isinstance(change.callee, cst.Call) else change.callee
            if change.called is not None:  # reported where the new identity is made, whichever line calls it
                what = (
                    f"the compiled callable made here and called on line {analysis.bindings.line(change.called)} "
                    f"('{_code(analysis, change.called.func)}(...)') has a new identity, a component of its cache key, on every "
                    f"pass of {change.where}: '{_code(analysis, wrapper)}' wraps"
                )
            else:
                what = (
                    f"the identity of the compiled callable called here, a component of its cache key, is new on every "
                    f"pass of {change.where}: '{_code(analysis, wrapper)}' (line {analysis.bindings.line(wrapper)}) wraps"
                )
            message = (
                f"{what} {change.component}, so every pass traces and compiles again; "
                "wrap once outside the loop and pass changing values as arguments"
            )
            fix = hoist_fix(analysis, change.callee, change.statement, change.where, _lazy())
            if isinstance(fix, str):
                yield ModuleFinding(change.node, f"{message} (no fix: {fix})", change.statement)
            else:
                yield ModuleFinding(change.node, message, change.statement, fix)


@cache
def _lazy() -> Lazy:
    """What ACC501's fix may hoist as making a callable and running nothing (the wrappers, the
    `lazy_builders`), and the calls a trace runs once (printing, files, logging, host effects)."""
    storms, io, effects = apis()["storms"], apis()["io"], apis()["host_effects"]
    logging = {f"{module}.{name}" for module in io["logging_modules"] for name in io["logging_functions"]}
    return Lazy(
        frozenset(storms["wrappers"]) | frozenset(storms["lazy_builders"]),
        frozenset(io["stdout"]) | frozenset(io["files"]) | frozenset(effects["names"]) | logging,
        tuple(effects["prefixes"]) + tuple(io["plotting_prefixes"]),
    )


class ChangingStaticArgument(Rule):
    """A compiled call whose static or by-value argument, part of its cache key, is new on every pass of a loop or cannot be hashed at all.

    What it does:
        Flags the call of a compiled callable, in an unbounded loop, where an argument its cache
        keys on by value or hash is given a value that is new on every pass (the finding is at
        the call, wherever the argument is written, and names the argument). Keyed by value: an argument named by
        `static_argnums` / `static_argnames` of a jitted function (a decorator,
        `partial(jax.jit, static_argnums=...)`, or `f = jax.jit(g, static_argnames=...)`, also
        element-wise: `f, h = jax.jit(g, ...), jax.jit(k, ...)`, and around a starred name:
        `f, *rest = jax.jit(g, ...), k, m`; also one an object holds: `self.f = jax.jit(g, ...)`,
        a decorated method called as
        `obj.step(x, i)`, a compiled `__call__`); every Python value passed to a `tf.function`
        (unless it has an `input_signature`: its arguments become tensors of the spec) or an
        `eqx.filter_jit` function (also a library's own: `diffrax.diffeqsolve`, optimistix's
        `root_find`, `fixed_point`, `minimise`, `least_squares`, each filter-jitted in its
        library; there an argument built on each pass around a new object is new too:
        `dfx.ODETerm(vector_field)` with `vector_field` defined in the function the loop runs),
        or to a `torch.compile(..., dynamic=False)` one, an int a `torch.compile` function uses
        as a `range()` bound (the loop is unrolled, so its value is specialised) or hands to a `float`
        parameter of a custom op (`torch.library.custom_op` takes no symbolic float), and a str passed
        to a `torch.compile` function (only numbers go dynamic: `f"epoch-{i}"`, `str(i)`, also a
        name its scope binds only to strs by assignment, `prompt = f"task {i}"`, and a parameter of
        a function the loop calls with a str, any number of calls down: `_body(policy, prompt)`,
        whose `policy.sample_actions(state, prompt)` calls the method compiled in place on the
        object every call passes);
        and the non-array
        attributes of every argument of an `nnx.jit` function (it keys on each graph's
        definition), so an argument built on each pass around a new object (`nnx.Optimizer(
        model, optax.adam(lr))`, not a new module alone) is flagged; and, for `jax.jit`, the
        fields of a pytree argument declared static (`pytree_node=False`, `eqx.field(static=True)`;
        flax's `TrainState` declares `tx` and `apply_fn` so), so a pytree made on each pass with a
        new value in one (`state.replace(tx=optax.adam(lr))`, `TrainState.create(...,
        tx=optax.sgd(lr))`, `Holder(fn=lambda v: v)` of a flax.struct class), or a name bound to
        one, is flagged; and the arguments a library object's compiled method keys by value in
        the object's own cache (numpyro's `mcmc.run(key, y_obs)`: the model's arguments, unless
        the `MCMC` was made with `jit_model_args=True`; `[compiled_methods]` of a library
        table). New on every pass (a
        propagation fact: a value computed from a new value is new unless the computation
        collapses it to a few values): the variable of a `range`, `enumerate` or
        `itertools.count` loop, or of a loop over a literal display of more than five numbers
        or strings spelt each differently (`for prompt in [...]` of eight prompts, a str keyed
        by value; a display of at most five is a set of configurations), a counter stepped by a literal (`step += 1`, `lr *= 0.9`), a
        Python number drawn from a host generator with a continuous range (`random.random()`,
        `np.random.uniform()`, `np.random.randn()`; not an array draw), or an integer from a
        literal range of more than eight values (`np.random.randint(16, 128)`,
        `random.randint(64, 256)`, `rng.integers(8, 64)`; not `randint(0, 2)`), a JAX key the
        loop rebinds on each pass from a split or fold of itself (`key, sub =
        jax.random.split(key)`, `key = jax.random.split(key)[0]`) and what is drawn from it
        (`int(jax.random.randint(sub, (), 1, 100))`, `float(jax.random.uniform(sub))`,
        `int(noise.sum())` of an array drawn from it; not a draw of a few values:
        `bernoulli`, `randint` over at most eight), and
        anything computed from those by any call or method (`float(np.exp(-epoch / 10))`,
        `np.log1p(i)`, `sched.rate(i)`, `"lr{}".format(i)`, `hash(i)`, a function of the module
        some `return` of which computes with it), arithmetic, an attribute, a tuple, list, dict
        or f-string holding one and an item read from it (`(i, 2)`, `cfg["lr"]`, `f"step{i}"`;
        as a static argument also `lrs[i]`), a name bound to one, also in a function the loop
        calls with it, any number of calls down; and a new object hashed by identity
        (`optax.adam(lr)`, a `lambda`, an instance of a class without value equality, also
        what a factory makes on each call, a module function or classmethod without decorators
        every `return` of which makes one (`cfg=get_config()` with `return Config(24, 8)`,
        `Cfg.default()` with `return cls(4)`; under `functools.lru_cache` it hands back one
        object: not flagged), also as
        the `self` of a method jitted with `static_argnums=0`: `Scaled(k).apply(x)`). Nested
        bounded loops are a grid: arguments keyed by value that read the variables of several
        loops, each over a literal display of numbers or strings spelt each differently or a
        literal `range`, take as many values as the product of those loops' passes, flagged
        above five as a loop of as many passes is (`for a in (1.0, 2.0, 3.0):` then `for k in
        (0.1, 0.2): step(x, a, k)` of a `tf.function`: six traces), also where they read the
        parameters of the function the call is in, bound so at its calls (up the callers); a
        single loop over `itertools.product(a, b)` of such is the same grid, each item of its
        target an axis of its own factor (`for a, k in itertools.product(A, K): step(x, a,
        k)`). What
        collapses a value is not flagged: a comparison (`i > 10`), `bool`, `isinstance`, `len`
        of what is not resized, `% k`, `min(i, k)`, `np.clip(i, 0, k)` with a literal `k` of at
        most eight, an item of a literal table (`MODES[i % 3]`, `{...}.get(i, d)`); nor a loop
        over a literal tuple of at most five entries (or of anything but numbers and strings), nor Python numbers passed to `jax.jit` as ordinary arguments
        (weakly typed tracers) or to a default `torch.compile` (its second compile is dynamic),
        nor arrays, or containers of arrays, computed from the counter (`tf.ones(4) * i`,
        `np.float32(i)` under `tf.function` are keyed by shape and dtype; so is a pytree copied
        with an array leaf set, `eqx.tree_at(where, model, jnp.asarray(lr))`, while a Python
        float leaf set so is keyed by value under `eqx.filter_jit`), nor an item of data
        at a new index passed by value (`train_step(xs[i])`: its type is unknown), nor calls in the body of a
        compiled function (its loops run once per trace). A static argument Python cannot
        hash is flagged at any call, in a loop or not: a list, dict or set (a display, a
        comprehension, `list(...)`, or a name bound once to a display), an array (`jnp.ones(3)`,
        `np.linspace(...)`, also a name bound once to one where it is passed, at module level
        or in the calling function (a script's `main()`, a global it binds): jax raises
        `ValueError: Non-hashable static arguments`), also through a transform
        (`jax.grad(loss)(r, x)`), or an instance of a
        module class without `__hash__` (a `@dataclasses.dataclass` neither frozen nor
        `unsafe_hash`, a class defining `__eq__` alone); a tuple or a frozen dataclass is fine.
        The same holds of the callable `jax.jit` wraps, which its cache keys on by hash:
        `jax.jit(obj)` of such an instance with a `__call__` fails at every call (jax#17197).
        So is an argument whose field declared static (flax.struct's `field(pytree_node=False)`,
        equinox's `eqx.field(static=True)`) holds an array, given by the constructor or set by
        the class's own `__init__`, at a call after an earlier one of the same callable or in a
        loop: jax compares metadata by equality when it looks a call up, and an array cannot be
        compared. And a field the compiled callable keys by value (declared static, or under
        `eqx.filter_jit` annotated as a Python scalar) that the compiled function computes anew
        from the argument's own field, where the loop passes its result back (`module =
        step(module)` with `return Module(x=module.x + 1, ...)` or `s.replace(step=s.step +
        1)`): a counter stepped inside the trace.

    Why is this bad:
        A static argument is part of the cache key by value: each new value traces and
        compiles the function again, so a step count or a decaying learning rate passed
        statically compiles on every step. TensorFlow logs a retracing warning after five.
        A static argument is looked up by its hash: an unhashable one has no key, so
        `jax.jit` raises `TypeError: unhashable type` on the first call (JAX before 0.2
        hashed it by identity and compiled on every call).

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
        for change in _changes(analysis, self.code):
            if not change.hashable:
                yield (
                    change.node,
                    f"{change.component} of '{_code(analysis, change.callee)}' cannot be hashed or compared, and its "
                    "cache looks static values up by hash and equality: jax.jit raises (TypeError: unhashable type; older "
                    "versions compiled on every call); pass a tuple or a frozen dataclass, or the value as a traced argument",
                    change.statement,
                )
                continue
            yield (
                change.node,
                f"{change.component} of '{_code(analysis, change.callee)}' is new on every pass of {change.where}, "
                "and its cache keys on it by value: each new value compiles a new trace; "
                + ("build the objects it holds once, before the loop" if change.held
                   else "a str cannot be traced: pass one of a few fixed strings, or use it outside the compiled function" if change.string
                   else "pass it as an ordinary (traced) array argument"),
                change.statement,
            )


class ChangingShapeInLoop(Rule):
    """A compiled call in a loop whose traced argument has a shape new on every pass.

    What it does:
        Flags the call of a jitted, `tf.function` or accelerated function, in an unbounded
        loop, where an argument's shape is new on every pass (the finding is at the call, and
        names the argument), that is, where a size is computed
        from a value new on every pass (see ACC502): a slice with one end moving with the
        loop (`x[:i]`, `x[i:]`, `x[:, :t + 1]`) while the other stays put; a new size in a
        shape-like position of any call, a `shape=`, `size=`, `num=` or `repeats=` keyword, a
        tuple or list of integers given an array function or a method (`np.ones([size, size])`
        with `size -= 1`, `random.normal(key, (500, i))`, a shape tuple bound to a name first),
        any argument of a shaping method (`x.reshape(-1, i)`, `x.repeat(i)`) or a size
        position of an array maker (`jnp.arange(i)`, `jnp.identity(i)`, `torch.randn(4, i)`);
        or a Python sequence of a new length (`[f(j) for j in range(i)]`, `list(range(i))`,
        `[x] * (i + 1)`, `dict(zip(names[:i], ...))`), or a dict with a key new on every pass
        (`{f"k{i}": x}`), or a list or dict every pass grows in place by a statement of the
        loop's own body (`hist.append(x)`, `extend`, `insert`, `phis[t] = v`,
        `phis.setdefault(t, v)` with a key new on each pass) and neither rebinds nor shrinks
        (`pop`, `clear`, `del`): a container's structure (its length, its keys) is part of the
        key as a shape is. A size the data decides is new on each pass of a loop over data: an
        array whose length its values decide (`np.nonzero(d < cutoff)`, `np.unique(tokens)`,
        `np.flatnonzero`, `np.argwhere`, `np.where(mask)` with the condition alone; none given
        `size=`), or an array indexed by a boolean mask written in place (`batch[batch[:, 0] >
        0.5]`), computed from data that differs on each pass (the variable of a `for` over data,
        a name the loop carries from pass to pass, `state = step(state)`, or one computed from
        those), and a dict grown with a key read from such data (`counts[token] = 1`,
        `phis.setdefault(int(best), 0)`; `token % 4` may collapse). A function defined where the
        loop runs and called on each pass reads the loop's names as they are on that pass. A
        value the loop carries from pass to pass, rebound once in its body to itself joined
        with more (`tokens = jnp.concatenate([tokens, nxt])`, `jnp.append(x, v)`,
        `np.vstack([rows, r])`, `hist = hist + [x]`, `hist += [x]`), is one longer on every
        pass; not when the body also cuts it back (another binding, `hist.pop(0)`). A loop over
        what a generator function of the module yields (`for batch in batches(rng, n)`) takes a
        new shape on every pass where the generator yields, in a loop of its own, an array whose
        shape is new on that pass (`yield np.ones((4, length))` with `length` drawn anew, `yield
        x[:t]`). The shape is carried inside `jnp.asarray(...)` / `dlarray(...)`, through arithmetic, an
        attribute or slice (`part.T`), an array library's call or a method given a resized
        array (`jnp.concatenate([x, x[:i]])`, `jnp.sin(x[:i])`), a name bound to one in the loop,
        or a function the loop calls with it, any number of calls down; not through a
        reduction (`jnp.sum(x[:i])`, `x[:i].mean()`) nor a call of anything else (its result's
        type is unknown). Fixed-size windows (`x[i:i + bs]`) are not flagged, nor a pad to a
        fixed target (`F.pad(x, (0, 16 - n))`, `np.pad(x, (0, MAX - len(x)))`: a width
        subtracting the new size from a fixed one), nor are `tf.function`s with
        `reduce_retracing=True` or an `input_signature`, nor a default `torch.compile` (its
        second compile is dynamic in the shape), except in a dimension its body unrolls a Python
        loop over (`range(x.shape[1])`, `range(x.size(1))`, `range(len(x))`, `for row in x`):
        that dimension is specialised to its value, so an argument new in it on every pass (a
        size in that position of `torch.randn(2, n, 4)`, a slice moving there, `x[:, :t]`) is
        flagged (torch 2.13: 8 compiles in 10 calls, the limit; pytorch#115626). Outside any
        trace JAX runs each operation compiled and cached by its operands' shapes, so such a
        size is a storm with no jit around it: a JAX operation whose result's size its
        operand's values decide (`jnp.nonzero(row)`, `jnp.unique`, `jnp.argwhere`, `jnp.where`
        with the condition alone, none given `size=`; a boolean mask indexing a JAX array,
        `x[x > 0]`, also through a name bound only to a mask or a parameter every call gives
        one: `values[mask]` in a helper the loop calls) run on each pass of such a loop over
        data, in host code for sure (a loop at module level or in a function module-level code
        calls), is flagged at the operation (jax 0.10.2: `jnp.nonzero` of 16 adjacency rows, 8
        compiles; a masked mean in 8 updates, 8 compiles of `gather`); NumPy's own functions
        compile nothing.

    Why is this bad:
        Traces are cached per input shape: every new shape traces and compiles again (MATLAB's
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
        for change in _changes(analysis, self.code):
            yield (
                change.node,
                f"{change.component} is new on every pass of {change.where}: "
                f"'{_code(analysis, change.callee)}' traces and compiles again for each new shape; "
                "pad to a fixed size (or to a few bucket sizes) and mask",
                change.statement,
            )


class ChangingAcceleratedInput(Rule):
    """A `dlaccelerate`d call in a loop whose non-dlarray input, part of its trace key by value, is new on every pass.

    What it does:
        Flags the call of a function accelerated with the runtime's `dlaccelerate`, in an
        unbounded loop, where an argument (named in the message) is no dlarray and is new on
        every pass: the loop's counter
        (an iteration or epoch number), a counter stepped by a literal, a number drawn from a
        host generator (`random.random()`), anything computed from
        those by any call, method or arithmetic that does not collapse it to a few values (a
        decaying learning rate; see ACC502), or a new object.

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
        for change in _changes(analysis, self.code):
            yield (
                change.node,
                f"{change.component} is no dlarray and is new on every pass of {change.where}: "
                f"'{_code(analysis, change.callee)}' keys its traces on its value and builds a new trace "
                "each call; pass it as a dlarray",
                change.statement,
            )


class ChangingGuardedValue(Rule):
    """A torch.compile'd call in a loop whose guard reads a Python value that is new on every call.

    What it does:
        Flags a call, in an unbounded loop, of a module compiled with `torch.compile`
        (`torch.compile(Net())`, or of a name bound to such a module) whose call steps an int
        attribute (set to an integer in `__init__`) of the module or of a submodule its
        `__init__` made, by an integer or a size (`self.step += 1`, `self.size += x.shape[1]`),
        in `forward`, a method of the module `forward` calls, or a submodule's `forward` or
        method it calls (`self.kv_cache.update(k)`), and so reads a new value on every call (a
        counter stepped by a tensor becomes a tensor: not flagged); of a compiled function
        that grows a module-level list (bound once to a list display) by `append` or `insert`,
        whose length Dynamo guards on, or steps a module-level int it declares `global`
        (`global calls; calls += 1`); or of compiled code that reads a value the loop (or a
        function it runs) writes anew on every pass: a module-level name (`global STEP; STEP =
        i + 1`, `MODE = f"mode{i}"`), an attribute of one (`CONFIG.step = i`, read as
        `CONFIG.step`), or an attribute of the compiled module that its `forward` reads
        (`model.current_epoch = epoch` beside `compiled = torch.compile(model)`, or written
        through the compiled name, `compiled.current_epoch = epoch`); or of a compiled callable
        given an argument whose container structure is new on every pass: a dict with a new key
        (`{f"k{i}": v}`, a comprehension over `range(i)`), a list or tuple of a new length
        (`[x] * (i + 1)`, a comprehension over `range(i)`, `list(range(i))`), also through a
        name the function binds to one, which Dynamo's guards read by value even under
        `dynamic=True`; or, at the code compiling them, instances of one module class compiled
        one by one (regional compilation: `for layer in self.layers: layer.compile()` over a
        `ModuleList` or `Sequential`, `[torch.compile(Layer(i)) for i in range(n)]`), made with
        an int new on each pass of the loop making them (`Layer(i)` for `i` in a `range` of more
        than five or unknown passes) that `__init__` keeps in an attribute (`self.idx = idx`)
        their `forward` reads: the instances share one compiled code object, whose guard fails
        at each instance's first call. A list attribute the call grows is not flagged where
        each pass empties it between calls (`model.feats.clear()`, `model.feats = []`, `del
        model.feats[:]`, not under an `if`). A float attribute or global is not
        flagged: its second compile is dynamic in it; nor an attribute of an argument object,
        nor of a compiled bound method's own `self` (arguments go dynamic too); nor is a list
        the function binds itself (`out = []`) or only reads; nor new values under the same keys.

    Why is this bad:
        Dynamo specialises the int attributes of a compiled module and of its submodules and
        guards on their values (benchmarks/framework_runs.py torch_stepped_submodule_ints: 8
        graphs in 12 calls for a counter stepped in a helper method or a submodule):
        each new value fails the guard and compiles again, until the recompile limit (8 by
        default), after which the function runs eagerly, uncompiled, for the rest of the run.
        A global list is guarded by its length, so one that grows each call fails it each call.
        The same holds for an int read from a global or from an attribute of a module-level
        object (benchmarks/torch_docs: 8 compiles in 10 calls each), and for a dict's keys and a
        list's length, which Dynamo guards by value and never makes dynamic (8 in 10 each:
        benchmarks/framework_runs.py torch_compile_container_structure_per_pass). Instances
        compiled one by one share the cache of their class's `forward`: twelve layers each
        holding their own index compile 8 graphs, then run eagerly (torch 2.13; dev report
        pytorch_156520).

    Example:
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.calls = 0

            def forward(self, x):
                self.calls += 1
                return x * self.calls

        model = torch.compile(Net())
        for batch in loader:
            model(batch)

    Use instead:
        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("calls", torch.zeros(()))  # a tensor: not guarded by value

            def forward(self, x):
                self.calls += 1
                return x * self.calls

    Fix safety:
        No fix: turning the attribute into a tensor changes what other code reads from it.
    """

    code = "ACC505"
    name = "changing-guarded-value"
    contexts = frozenset({HOST_LOOPS})
    VALID = [
        """
import torch

class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.factor = 2

    def forward(self, x):
        return x * self.factor  # read, never changed: one compile

model = torch.compile(Scale())

def run(batches):
    return [model(b) for b in batches]
""",
    ]
    INVALID = [
        """
import torch

class Counting(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.step = 0

    def forward(self, x):
        self.step += 1
        return x * self.step

def run(batches):
    model = torch.compile(Counting())
    return [model(b) for b in batches]  # expect: ACC505
""",
        """
import torch

@torch.compile
def weighted(x, weights):
    return x * sum(weights.values())

def run(batches):
    out = []
    for i, b in enumerate(batches):
        out.append(weighted(b, {f"w{i}": 1.0}))  # expect: ACC505
    return out
""",
    ]

    def check_module(self, analysis: ModuleAnalysis) -> Iterable[Finding]:
        for change in _changes(analysis, self.code):
            yield (
                change.node,
                f"{change.component} is guarded by torch.compile: the call in {change.where} compiles again "
                "for every new value until the recompile limit, then runs eagerly; keep what changes in a "
                "tensor (a buffer) or outside the compiled function",
                change.statement,
            )
