"""ACC503 through a module function that returns a tuple: each entry whose shape the function
computes from a value new on every pass is an array of a new shape, entry by entry where the
caller unpacks it (mace_1590: `positions, senders, receivers = graph(n_nodes, rng)`, one trace per
frame), and the tuple as a whole where it is passed on (a pytree with a leaf of a new shape). Run:
benchmarks/framework_runs.py returned_tuple_shapes (jax 0.10): one trace per pass for each
hazard, one in all for the fixed entry and the padded twin. `# expect` marks the findings (one per argument of a new shape).
"""
from __future__ import annotations

import textwrap

import pytest

from acclint.api import lint_text


def _acc5(source: str) -> list[tuple[int, str]]:
    result = lint_text(textwrap.dedent(source), "returned.py")
    assert result.error is None, result.error
    return [(f.line, f.code) for f in result.findings if f.code.startswith("ACC5")]


def _expected(source: str) -> list[tuple[int, str]]:
    lines = enumerate(textwrap.dedent(source).splitlines(), 1)
    return [(n, code) for n, text in lines if "# expect: " in text for code in text.rsplit("# expect: ", 1)[1].split()]


CASES = {
    "mace_1590: a graph of a new node count per frame, unpacked; its padded twin is fine": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def energy(positions, senders, receivers):
            return jnp.sum(positions[senders] - positions[receivers])

        def graph(n_nodes, rng):
            positions = rng.random((n_nodes, 3))
            senders, receivers = np.nonzero(~np.eye(n_nodes, dtype=bool))
            return positions, senders, receivers

        def pad(positions, senders, receivers, n_nodes=64, n_edges=4096):
            pos = np.zeros((n_nodes, 3))
            s = np.zeros(n_edges, dtype=int)
            r = np.zeros(n_edges, dtype=int)
            return pos, s, r

        rng = np.random.default_rng(0)
        for n_nodes in range(10, 40):
            positions, senders, receivers = graph(n_nodes, rng)
            energy(positions, senders, receivers)  # expect: ACC503
            energy(*pad(positions, senders, receivers))
    """,
    "a batch maker returning (x, y) of a growing size, unpacked": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def loss(x, y):
            return jnp.mean((x - y) ** 2)

        def make_batch(i):
            x = jnp.ones((i, 4))
            return x, x * 2

        for i in range(1, 100):
            x, y = make_batch(i)
            loss(x, y)  # expect: ACC503 ACC503
    """,
    "only the entry made from the new size: the fixed entry keys nothing new": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(a):
            return a.sum()

        def init(i):
            w = jnp.zeros(3)
            x = jnp.ones((i, 3))
            return w, x

        for i in range(1, 50):
            w, x = init(i)
            f(w)
            f(x)  # expect: ACC503
    """,
    "the returned tuple passed whole: a pytree with a leaf of a new shape": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(batch):
            x, y = batch
            return jnp.mean(x) + jnp.mean(y)

        def make_batch(i):
            return jnp.ones((i, 4)), jnp.zeros(4)

        for i in range(1, 100):
            batch = make_batch(i)
            step(batch)  # expect: ACC503
    """,
}


@pytest.mark.parametrize("source", CASES.values(), ids=CASES.keys())
def test_a_returned_tuple_carries_new_shapes_entry_by_entry(source):
    assert _acc5(source) == _expected(source)
