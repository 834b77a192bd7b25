"""JAX's control-flow primitives called from host code are compiled callables keyed by the
function they are given (acclint/frameworks/jax.toml, `[cache_key] compiles_functions`).

Property: called outside any trace, `lax.scan`, `lax.fori_loop`, `lax.while_loop`, `lax.cond`,
`lax.switch` and `lax.map` trace the functions they are given and compile them, caching on the
function object; given a callable new on every pass of an unbounded loop at module level (a
script's or a notebook's, host code for certain), or on every call of a function such a loop
runs, they compile on every pass: ACC501 at the call. (These primitives are written mostly in
functions something traces from elsewhere: a loop inside a function, or a function a trace
reaches, is not taken as host code; on the real-code benchmark that reading added 28 findings,
most in traced code.) `lax.map` wraps the
function in a closure of its own on every call, so it compiles on every pass whatever it is given.

Run (benchmarks/framework_runs.py `jax_primitives_called_on_host`, jax 0.10.2, 6 calls): a new
closure each call compiles 6 times under each of them, the same function not again after its
first call (`lax.map`: 6 either way); `jax.vmap(f)(x)`, `jax.grad(f)(x)` and `jax.checkpoint(f)(x)` run op by op and
compile nothing per call (their look-alikes below). The first case is the dev report aimz_275;
the others are other spellings written for this test.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
from jax import lax

def body(c, v):
    return c + v.sum(), v * 2.0

@jax.jit
def compiled(xs):
    return lax.scan(lambda c, v: (c + v.sum(), v), 0.0, xs)

N, BATCHES, KEY, X, XS = 10, 10, jax.random.key(0), jnp.ones(3), jnp.ones((4, 3))
"""

CASES = {
    "a local def handed to lax.map by a function the loop runs (aimz_275)": """
def sample(key, x, n):
    keys = jax.random.split(key, n)

    def one(k):
        return x * jax.random.normal(k, x.shape)

    return jax.lax.map(one, keys)  # expect: ACC501

for b in range(BATCHES):
    sample(KEY, X, 4)
""",
    "a lambda handed to lax.scan on each pass of a script's loop": """
for i in range(N):
    carry, ys = lax.scan(lambda c, v: (c + v.sum(), v), 0.0, XS)  # expect: ACC501
""",
    "a partial handed to lax.fori_loop by keyword, in a while": """
def step(j, c, k):
    return c + k

def train(x):
    return lax.fori_loop(0, 3, body_fun=functools.partial(step, k=1.0), init_val=x)  # expect: ACC501

size = N
while size > 1:
    train(X)
    size -= 1
""",
    "a local def as while_loop's body, in a method the loop runs": """
class Solver:
    def solve(self, x):
        def cond(c):
            return c[0] < 3

        def advance(c):
            return c[0] + 1, c[1] * 2.0

        return lax.while_loop(cond, advance, (0, x))  # expect: ACC501

solver = Solver()
for i in range(N):
    solver.solve(X)
""",
    "lambdas as lax.cond's branches on each pass": """
x = X
for i in range(N):
    x = lax.cond(i % 2 == 0, lambda v: v * 2.0, lambda v: v, x)  # expect: ACC501
""",
    "lax.map given a module function on each pass (it wraps it in a closure of its own each call)": """
def double(v):
    return v * 2.0

for i in range(N):
    ys = lax.map(double, XS)  # expect: ACC501
""",
    "look-alike: a module function handed to lax.scan on each pass (cached on it)": """
for i in range(N):
    carry, ys = lax.scan(body, 0.0, XS)
""",
    "look-alike: a loop inside a function (a trace elsewhere may run it: not known as host code)": """
def unrolled(x, n):
    for i in range(n):
        x = lax.cond(x.sum() > 0, lambda v: v * 2.0, lambda v: v, x)
    return x
""",
    "look-alike: a function a trace reaches, run by a script's loop as well": """
def step(x):
    return lax.cond(x.sum() > 0, lambda v: v * 2.0, lambda v: v, x)

jitted = jax.jit(step)
for i in range(N):
    step(X)
""",
    "look-alike: lax.scan of a lambda inside a compiled function (traced once)": """
for i in range(N):
    compiled(XS)
""",
    "look-alike: a new closure under vmap, grad or checkpoint (op by op, nothing compiled per call)": """
for i in range(N):
    jax.vmap(lambda v: v * 2.0)(X)
    jax.grad(lambda v: (v ** 2).sum())(X)
    jax.checkpoint(lambda v: jnp.sin(v).sum())(X)
""",
    "look-alike: a lambda handed to lax.scan once, outside any loop": """
def setup(xs):
    return lax.scan(lambda c, v: (c + v.sum(), v), 0.0, xs)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_primitive_given_a_new_function_on_each_pass(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
