"""A traced argument's pytree structure is part of every JAX cache key (acclint.analysis.loops).

Property: a container passed to a traced parameter whose structure (its length, its keys) is new
on every pass traces and compiles again on every pass: ACC503 at the argument, as a new shape is.

Run (benchmarks/framework_runs.py `jax_pytree_structure_per_pass`, jax 0.10.2, 6 passes): a dict
with a key made from the counter, a list repeated by the counter and a tuple of a new length
trace 6 times each; a dict with fixed keys whose values change, and a list of a fixed length,
once. The spellings below were written for this test (no report); the generator case was found
before the change, the others were not.
"""

import pytest

from labelled import family_labels_and_findings
from test_cache_keys import HEADER

PRELUDE = """
@jax.jit
def leaves(t):
    return jnp.sum(jnp.stack(jax.tree_util.tree_leaves(t)))
"""

CASES = {
    "a dict whose key is new on every pass": """
def train(x, n):
    for i in range(n):
        leaves({f"k{i}": x})  # expect: ACC503
""",
    "a list repeated by the counter": """
def train(x, n):
    for i in range(n):
        leaves([x] * (i + 1))  # expect: ACC503
""",
    "a dict zipped from slices that grow": """
def train(x, n, names):
    for i in range(n):
        leaves(dict(zip(names[:i], [x] * i)))  # expect: ACC503
""",
    "a dict comprehension over a range that grows, bound to a name first": """
def train(x, n):
    step = 0
    while step < n:
        batch = {k: x for k in range(step)}
        leaves(batch)  # expect: ACC503
        step += 1
""",
    "a tuple of a new length from a generator": """
def train(x, n):
    for i in range(n):
        leaves(tuple(x for _ in range(i + 1)))  # expect: ACC503
""",
    "look-alike: fixed keys whose values change": """
def train(x, n):
    for i in range(n):
        leaves({"a": x * i, "b": x})
""",
    "look-alike: a list of a fixed length": """
def train(x, n):
    for i in range(n):
        leaves([x, x * i])
        leaves([x] * 3)
""",
    "look-alike: a key from a bounded set": """
def train(x, n):
    for i in range(n):
        leaves({f"k{i % 2}": x})
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_container_of_a_new_structure_is_a_new_key(body):
    expected, found = family_labels_and_findings(HEADER + PRELUDE + body, "ACC5")
    assert found == expected
