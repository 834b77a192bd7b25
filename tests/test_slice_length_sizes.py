"""A slice whose length, its upper end less its lower, computes with a new value.

Property (ACC503): a slice `x[lo:hi]` has a new length on every pass where `hi - lo`, worked
out as a sum of products of its names, keeps a term with a value new on that pass (`x[w:2 *
w]`: `w`; `x[i * n:(i + 1) * n]`: `n`), and every such term adds, however both ends move; a
window of a fixed length whose start moves (`x[s:s + B]`: `B`) keeps one shape, and a
difference of two new values (`x[i:end]`, `end = min(i + B, n)`) may be constant: silent. The items of a module generator whose
yields are sized by a parameter so are arrays of a new shape on each pass that hands it a new
value for it (benchmarks/blind2 jax_seq_len_pipeline_2: `windows(SERIES, length)` with `length =
curriculum_length(epoch)`, a trace per epoch, jax 0.10.2).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "jax_windows_of_a_curriculum_length_through_helpers": """
        import jax
        import jax.numpy as jnp

        SERIES = jnp.arange(400.0)

        def windows(series, length, count=4):
            for i in range(count):
                yield series[i * length:(i + 1) * length]

        @jax.jit
        def score(window):
            return jnp.mean(window)

        def run_epoch(epoch):
            length = 8 + 2 * epoch
            return [score(win) for win in windows(SERIES, length)]  # expect: ACC503

        def main(n):
            for epoch in range(n):
                run_epoch(epoch)
    """,
    "tf_chunks_from_a_moving_start_of_a_new_width": """
        import numpy as np
        import tensorflow as tf

        @tf.function
        def total(chunk):
            return tf.reduce_sum(chunk)

        def chunks(data, width):
            start = 0
            while start + width <= len(data):
                yield tf.constant(data[start:start + width])
                start += width

        data = np.arange(1000.0)
        for width in range(4, 60):
            for c in chunks(data, width):
                total(c)  # expect: ACC503
    """,
    "jax_both_ends_moving_apart": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            return x.sum()

        x = jnp.arange(1000.0)
        for w in range(2, 200):
            f(x[w:2 * w])  # expect: ACC503
    """,
}

FINE = {
    "jax_fixed_width_window_moving_start": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f(x):
            return x.sum()

        x = jnp.arange(1000.0)
        for s in range(0, 900):
            f(x[s:s + 64])
            f(x[s * 8:(s + 1) * 8])
            end = min(s + 64, 1000)
            f(x[s:end])
    """,
    "jax_generator_windows_of_one_length_each_call": """
        import jax
        import jax.numpy as jnp

        SERIES = jnp.arange(400.0)

        def windows(series, length, count=4):
            for i in range(count):
                yield series[i * length:(i + 1) * length]

        @jax.jit
        def score(window):
            return jnp.mean(window)

        def main(n):
            for epoch in range(n):
                for win in windows(SERIES, 16):
                    score(win)
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_slice_whose_length_computes_with_a_new_value(source):
    assert_labels_match(source)
