"""A loop over a generator that yields each item at a new size.

Property (ACC503): the items of a module generator (a function whose body yields) have a shape
new on every pass of a loop over its call where the generator yields, inside its own unbounded
loop, a value sized by something new on each of that loop's passes (a host draw, the loop's
counter): a batch trimmed to a drawn length, a window that grows with the count. A
compiled call given such an item, in the loop or in a function the loop calls with it, traces
once per new size (benchmarks/blind2 jax_seq_len_pipeline_1: `c.jax['loss_and_grad'] >= 8`,
jax 0.10.2). A generator that yields one fixed shape (padded to a bound) compiles once.

A size reduced from an array drawn on the pass (`rng.integers(3, 40, size=4).max()`) and a loop
over a parameter every caller hands such a generator (`embed_corpus(enc, batches(12))`) are
tests/test_padded_to_each_batchs_longest.py's.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "jax_batches_trimmed_to_the_longest_draw": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def batches(n, seed=0):
            rng = np.random.default_rng(seed)
            for _ in range(n):
                longest = int(rng.integers(3, 40))
                yield np.zeros((4, longest), np.int32)

        @jax.jit
        def embed(tokens):
            return tokens.sum()

        for tokens in batches(100):
            embed(tokens)  # expect: ACC503
    """,
    "tf_window_growing_with_the_generators_counter": """
        import numpy as np
        import tensorflow as tf

        def windows(series, count):
            for i in range(count):
                yield tf.constant(series[: i + 2])

        @tf.function
        def score(window):
            return tf.reduce_mean(window)

        scores = [score(w) for w in windows(np.arange(200.0), 50)]  # expect: ACC503
    """,
    "jax_helper_method_given_each_item": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def sentences(n):
            k = 0
            while k < n:
                k += 1
                yield jnp.zeros((4, k + 2))

        @jax.jit
        def loss(x):
            return jnp.mean(x ** 2)

        class Trainer:
            def step(self, x):
                return loss(x)  # expect: ACC503

        trainer = Trainer()
        for x in sentences(100):
            trainer.step(x)
    """,
}

FINE = {
    "jax_batches_padded_to_a_fixed_bound": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        MAX_LEN = 40

        def batches(n, seed=0):
            rng = np.random.default_rng(seed)
            for _ in range(n):
                longest = int(rng.integers(3, MAX_LEN))
                out = np.zeros((4, MAX_LEN), np.int32)
                out[:, :longest] = 1
                yield out

        @jax.jit
        def embed(tokens):
            return tokens.sum()

        for tokens in batches(100):
            embed(tokens)
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_generators_items_sized_per_item(source):
    assert_labels_match(source)
