"""A compiled callable made on each pass of a loop compiles on each pass, however often an inner
loop then calls it, unless what the pass puts into it is a configuration its key would hold anyway.

Property (ACC501): the identity of a compiled callable is a component of its cache key; when a
wrapper is applied on every pass of an unbounded loop to a callable that is new on every pass
(a transform's pullback over the pass's primals, a transform of a function the loop does not
change), each pass traces and compiles again, even where the pass then calls it in an inner
loop. Not a storm: the callable closes over a Python value the pass binds (`partial(loss,
scale=scale)` per configuration): passing it as a static argument compiles as often.
Run (jax 0.10.2, compile log, 6 outer passes of 3 inner calls): jax#282's pullback 8 compiles
(6 of the pullback), `jax.linearize` under an inner `while` 8, `jax.jit(jax.grad(...))` of an
invariant function 6; the hoisted `jax.jit(lambda x, v: jax.vjp(f, x)[1](v))` 1; one partial per
configuration 6, the same as `static_argnames="scale"` (6).
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

CASES = {
    "jax#282: the pullback jitted under its own name, called in an inner for": """
def f(x):
    return jnp.sin(x) * x

def run(xs, vs):
    for x in xs:
        fx, vjp_fun = jax.vjp(f, x)
        vjp_fun = jax.jit(vjp_fun)  # expect: ACC501
        for v in vs:
            vjp_fun(v)
""",
    "jax.linearize's function jitted, called in an inner while": """
def f(x):
    return jnp.sin(x) * x

def run(xs, vs):
    for x in xs:
        _, f_jvp = jax.linearize(f, x)
        fast = jax.jit(f_jvp)  # expect: ACC501
        k = 0
        while k < len(vs):
            fast(vs[k])
            k += 1
""",
    "jax.jit of a transform of an invariant function, called in an inner loop": """
def f(x):
    return jnp.sin(x) * x

def run(xs, vs):
    for x in xs:
        g = jax.jit(jax.grad(lambda p: f(p).sum()))  # expect: ACC501
        for v in vs:
            g(v)
""",
    "look-alike: one partial per configuration, reused by the inner loop": """
def loss(p, scale):
    return (p * scale).sum()

def run(scales, vs):
    for scale in scales:
        step = jax.jit(functools.partial(loss, scale=scale))
        for v in vs:
            step(v)
""",
    "look-alike: the pullback's work hoisted into one jitted function": """
def f(x):
    return jnp.sin(x) * x

step = jax.jit(lambda x, v: jax.vjp(f, x)[1](v))

def run(xs, vs):
    for x in xs:
        for v in vs:
            step(x, v)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_callable_rewrapped_per_outer_pass(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
