"""A loop over what a generator of the module yields takes a new shape on every pass where the
generator yields, on every pass of a loop of its own, an array whose shape is new on that pass
(ACC503; blind jax_growing_shape_2: ragged batches, each as long as a drawn length, 12 traces in
12 passes). Run with jax 0.10.2, 10 passes: a drawn length, a growing prefix `x[:t]`, a length
stepped in a `while`, each 10 traces; a window of fixed width `x[i:i + 4]` or a fixed shape
scaled, 1.
"""

import pytest

from labelled import assert_labels_match

_HEADER = """
    import jax
    import jax.numpy as jnp
    import numpy as np

    @jax.jit
    def encode(x):
        return jnp.tanh(x).sum()
"""

HAZARDS = {
    "a drawn length": _HEADER + """
    def batches(rng, n):
        for _ in range(n):
            length = int(rng.integers(5, 60))
            yield np.ones((4, length), dtype=np.float32)

    for batch in batches(np.random.default_rng(0), 12):
        encode(batch)  # expect: ACC503
    """,
    "a growing prefix": _HEADER + """
    def prefixes(x, n):
        for t in range(1, n):
            yield x[:t]

    def run(x, n):
        return [encode(p) for p in prefixes(x, n)]  # expect: ACC503
    """,
    "a length stepped in a while loop": _HEADER + """
    def grown():
        size = 1
        while size < 100:
            size += 1
            yield jnp.zeros((size, 3))

    def run():
        for block in grown():
            encode(block)  # expect: ACC503
    """,
}

LOOK_ALIKES = {
    "a window of fixed width": _HEADER + """
    def windows(x, n):
        for i in range(n):
            yield x[i:i + 4]

    def run(x, n):
        for w in windows(x, n):
            encode(w)
    """,
    "a fixed shape scaled": _HEADER + """
    def scaled(n):
        for i in range(n):
            yield jnp.ones((4, 8)) * i

    def run(n):
        for b in scaled(n):
            encode(b)
    """,
    "a drawn length padded to a fixed size": _HEADER + """
    def batches(rng, n):
        for _ in range(n):
            length = int(rng.integers(5, 60))
            yield np.pad(np.ones((4, length)), ((0, 0), (0, 64 - length)))

    for batch in batches(np.random.default_rng(0), 12):
        encode(batch)
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(LOOK_ALIKES.values()), ids=list(HAZARDS) + list(LOOK_ALIKES))
def test_generated_shapes(source):
    assert_labels_match(source)
