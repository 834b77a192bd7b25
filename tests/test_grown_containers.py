"""A list or dict a loop grows on every pass has a new pytree structure on every pass.

Property (ACC503): a container that every pass of an unbounded loop grows in place (`xs.append(v)`,
`xs.extend(...)`, `xs.insert(...)`, `d[k] = v` or `d.setdefault(k, v)` with a key new on each
pass), and that the loop neither rebinds nor shrinks, has a new length (a new set of keys) on each
pass; handed to a compiled callable whose cache keys on its arguments' structure and shapes
(`jax.jit`: the pytree's structure; `tf.function`: a nested structure of tensors), directly or
as an array made from it (`jnp.stack(xs)`), the call traces on every pass (ACC503 at the call).
The growth is read where it happens on every pass: a statement of the loop's body itself, not one
under an `if`.

Run (jax 0.10.2, tensorflow-cpu 2.21; traces counted by a Python counter in the compiled body, 6
passes): the four hazards 6, 6, 6 and 6 traces. Look-alikes: the list rebound empty at the top
of each pass, 1; a bounded window (`append` then `pop(0)` past 3 items), 3 (the window fills,
then one structure); the last item passed (`xs[-1]`), 1; the grown list padded to a fixed
length before the call (`xs + [0.0] * (8 - len(xs))`, flax's minigpt example, a false finding
of the first version on the real-code benchmark), 1; a dict written at a fixed key, 1.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
COUNT = [0]

@jax.jit
def total(xs):
    COUNT[0] += 1
    return sum(xs)

@jax.jit
def weighted(phis, x):
    COUNT[0] += 1
    return x * sum(phis.values())

@tf.function
def tf_total(xs):
    COUNT[0] += 1
    return tf.add_n(xs)
"""

CASES = {
    "a list appended on every pass, passed to a jitted function": """
def fit(n, x):
    hist = []
    for t in range(n):
        hist.append(x * t)
        total(hist)  # expect: ACC503

fit(6, jnp.ones(3))
""",
    "a dict given a new key on every pass (budoux_95's growing phis)": """
def fit(n, x):
    phis = {}
    for t in range(n):
        phis[t] = 1.0 + t
        weighted(phis, x)  # expect: ACC503

fit(6, jnp.ones(3))
""",
    "an array stacked from a list extended in a while loop": """
def fit(x):
    parts = [x]
    k = 0
    while k < 6:
        parts.extend([x * k])
        total(jnp.stack(parts))  # expect: ACC503
        k += 1

fit(jnp.ones(3))
""",
    "a list of tensors grown for a tf.function": """
def fit(n):
    xs = []
    for t in range(n):
        xs.insert(0, tf.ones(3) * t)
        tf_total(xs)  # expect: ACC503

fit(6)
""",
    "look-alike: the list rebound empty at the top of each pass": """
def fit(n, x):
    for t in range(n):
        hist = []
        hist.append(x * t)
        total(hist)

fit(6, jnp.ones(3))
""",
    "look-alike: a bounded window": """
def fit(n, x):
    window = []
    for t in range(n):
        window.append(x * t)
        if len(window) > 3:
            window.pop(0)
        total(window)

fit(6, jnp.ones(3))
""",
    "look-alike: the last item passed": """
def fit(n, x):
    hist = [x]
    for t in range(n):
        hist.append(x * t)
        total([hist[-1]])

fit(6, jnp.ones(3))
""",
    "look-alike: the grown list padded to a fixed length (flax's minigpt generate loop)": """
def generate(n, x):
    generated = []
    for i in range(n):
        padded = jnp.array(generated + [0.0] * (8 - len(generated)))
        total(padded)
        generated.append(float(i))

generate(6, jnp.ones(3))
""",
    "look-alike: a dict written at a fixed key": """
def fit(n, x):
    phis = {}
    for t in range(n):
        phis["scale"] = 1.0 + t
        weighted(phis, x)

fit(6, jnp.ones(3))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_container_grown_on_every_pass_has_a_new_structure(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
