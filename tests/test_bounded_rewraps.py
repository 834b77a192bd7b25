"""A bounded loop bounds the values derived from what the loop changes, not the objects made anew
on each pass (the lead's policy, acclint.analysis.loops; docs/rules/ACC501.md).

Property: a wrapper applied on each pass of a loop of two or more passes, whatever bounds it, to
a callable that depends on nothing the loop changes, and called once on that pass, compiles
again on every pass for nothing (the hoisted wrapper compiles once): ACC501 at the call. A
callable that reads a name the loop binds is one compile per configuration in a bounded loop,
and a loop of one pass compiles once either way: neither is flagged.

Run (benchmarks/framework_runs.py `jax_rewrap_in_a_bounded_loop`, jax 0.10.2): `jit(x.f)()` in
`range(3)` traces 3 times, a lambda over two literal modes 2 times, the hoisted wrapper once.
The first case is the dev report jax_9672; the others are other spellings written for this
test, with look-alikes that are fine.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
def update(p, g, lr):
    return p - lr * g

def run(v, mode):
    return v * 2.0 if mode == "train" else v
"""

CASES = {
    "a bound method of a loop-invariant object, over a literal range of three (jax_9672)": """
x = Obj()
for i in range(3):
    jax.jit(x.f)()  # expect: ACC501
""",
    "a lambda over a literal collection of modes": """
def train(params):
    for mode in ("train", "eval"):
        params = jax.jit(lambda p: p * 2)(params)  # expect: ACC501
    return params
""",
    "a partial of loop-invariant values, bound to a name, over a small range": """
def train(p, g):
    for _ in range(4):
        step = jax.jit(functools.partial(update, lr=0.1))  # expect: ACC501
        p = step(p, g)
    return p
""",
    "a decorated local def that reads nothing the loop changes": """
def train(x, scale):
    for k in range(2):
        @jax.jit
        def f(v):
            return v * scale
        x = f(x)  # expect: ACC501
    return x
""",
    "look-alike: a partial of the loop's value, one compile per configuration": """
def train(x):
    for mode in ("train", "eval"):
        step = jax.jit(functools.partial(run, mode=mode))
        x = step(x)
    return x
""",
    "look-alike: a lambda that reads the loop's variable": """
def train(x):
    for i in range(3):
        x = jax.jit(lambda v: v * i)(x)
    return x
""",
    "look-alike: a local def that reads a name the loop rebinds": """
def train(x, scales):
    for k in range(2):
        s = scales[k]
        @jax.jit
        def f(v):
            return v * s
        x = f(x)
    return x
""",
    "look-alike: a loop of one pass": """
def train(x):
    for i in range(1):
        x = jax.jit(lambda v: v * 2.0)(x)
    return x
""",
    "look-alike: the same module function rewrapped (cached on it)": """
def train(p, g):
    for mode in ("train", "eval"):
        p = jax.jit(update)(p, g, 0.1)
    return p
""",
    "look-alike: a lambda reused over an inner loop of the pass": """
def train(x, batches):
    for mode in ("train", "eval"):
        g = jax.jit(lambda v: v * 2.0)
        for b in batches:
            x = g(b)
    return x
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_loop_invariant_callable_wrapped_on_each_pass_of_any_loop(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
