"""A PRNG key the loop splits from itself on each pass is new on every pass, and so is what is drawn from it (stop 49, jax_3345).

The cache-key analysis' sources of newness (acclint/analysis/loops.py) gain the key chain: a name
a loop rebinds on each pass from a split or fold of itself (`key, sub = jax.random.split(key)`,
`key = jax.random.split(key)[0]`), and what the same statement binds. A value computed from it
then flows through the existing facts: a draw given the key is new, `int(...)`/`float(...)` of it
or of an array drawn from it is new, unless the draw's range is known small (`randint` over a
literal range of at most eight values, `bernoulli`). Run with jax 0.10.2, 12 passes: `int(randint
(sub, (), 2, 64))` static, 11 compiles; `float(uniform(sub))` static, 12; `int(noise.sum())` of
`uniform(sub, (16,), maxval=100.0)`, 12; `jnp.zeros((int(randint(key, (), 8, 512)),))` after `key
= split(key)[0]`, 12; `randint(sub, (), 0, 4)` and `bernoulli` static, 5 together; a draw passed
traced, 1; a draw from a key the loop does not split, 1 (docs/contexts.md, "Cache keys").
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.jit, static_argnums=1)
def positional(x, n):
    return x * n

@partial(jax.jit, static_argnames=("lr",))
def scaled(x, lr):
    return x * lr

@jax.jit
def f_jit(x):
    return x.sum()
"""

CASES = {
    "an int drawn from a split key, static, in a while loop": """
def run(x, key, steps):
    i = 0
    while i < steps:
        key, sub = jax.random.split(key)
        n = int(jax.random.randint(sub, (), 2, 64))
        x = positional(x, n)  # expect: ACC502
        i += 1
""",
    "a float drawn from a split key, static by name": """
def sweep(x, rng, steps):
    for _ in range(steps):
        rng, sub = jax.random.split(rng)
        lr = float(jax.random.uniform(sub))
        x = scaled(x, lr=lr)  # expect: ACC502
""",
    "an int of a reduction of an array drawn on each pass": """
def sums(x, key, steps):
    for _ in range(steps):
        key, sub = jax.random.split(key)
        noise = jax.random.uniform(sub, (16,), maxval=100.0)
        positional(x, int(noise.sum()))  # expect: ACC502
""",
    "a size drawn from a key rebound to an item of its split": """
def sizes(key, steps):
    for _ in range(steps):
        key = jax.random.split(key)[0]
        size = int(jax.random.randint(key, (), 8, 512))
        f_jit(jnp.zeros((size,)))  # expect: ACC503
""",
    "a draw of a few values, a draw passed traced, a key the loop does not split": """
def fine(x, key, steps):
    for _ in range(steps):
        key, sub = jax.random.split(key)
        positional(x, int(jax.random.randint(sub, (), 0, 4)))
        positional(x, int(jax.random.bernoulli(sub)) + 10)
        f_jit(jax.random.normal(sub, (3,)))
        positional(x, key.shape[0])

def unsplit(x, key, steps):
    for _ in range(steps):
        positional(x, int(jax.random.randint(key, (), 2, 64)))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_value_drawn_from_the_key_chain_is_new_on_every_pass(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
