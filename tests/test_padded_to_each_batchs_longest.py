"""Batches padded to their own longest item: a size taken from an extreme of data that differs
on each pass.

Property (ACC503): a size computed from an extreme or a total of data that differs on each
pass (`int(lengths.max())` of lengths drawn on the pass, `max(len(s) for s in batch)` over a
loop's batch of sequences, `mask.sum()`) is a new size on most passes, as a length a data
call decides is (`np.nonzero`): an array sized by it has a new shape, and a compiled call
given it traces once per distinct value (benchmarks/blind2 jax_seq_len_pipeline_1,
tf_ragged_generator_shape_1: `>= 8` traces in 12 batches, jax 0.10.2 and TF 2.21). The same
where the loop that drives the call runs over a parameter every call of its function hands
such a generator (`embed_corpus(encoder, trimmed_batches(12))`).

Silent: padding to a fixed maximum; buckets (the longest rounded up to one of a literal few
lengths: one compile per bucket, a bounded set); fixed batch sizes; a generator whose items
all have one shape; a compile that is shape-polymorphic for the dimension (tf `input_signature`
with `None`).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "jax_generator_drawn_lengths_longest_named": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def batches(n, max_len):
            rng = np.random.default_rng(0)
            for _ in range(n):
                lengths = rng.integers(3, max_len, size=4)
                longest = int(lengths.max())
                yield np.zeros((4, longest), np.int32)

        @jax.jit
        def embed(tokens):
            return tokens.sum()

        for tokens in batches(100, 40):
            embed(tokens)  # expect: ACC503
    """,
    "tf_generator_longest_inline_loop_over_a_parameter": """
        import numpy as np
        import tensorflow as tf

        @tf.function
        def encode(tokens):
            return tf.reduce_mean(tf.cast(tokens, tf.float32))

        def trimmed(n, batch=4, max_len=30):
            rng = np.random.default_rng(0)
            for _ in range(n):
                lengths = rng.integers(2, max_len, size=batch)
                out = np.zeros((batch, lengths.max()), np.int32)
                yield tf.constant(out)

        def embed_all(batches):
            return [encode(b) for b in batches]  # expect: ACC503

        vectors = embed_all(trimmed(12))
    """,
    "jax_loop_over_data_longest_sequence": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        @jax.jit
        def score(x):
            return jnp.mean(x)

        def run(dataset):
            for batch in dataset:
                longest = max(len(s) for s in batch)
                padded = np.zeros((len(batch), longest))
                score(padded)  # expect: ACC503
    """,
    "torch_static_compile_total_of_drawn_counts": """
        import numpy as np
        import torch

        def forward(x):
            return x.sum()

        step = torch.compile(forward, dynamic=False)
        for _ in range(100):
            counts = np.random.randint(1, 20, size=8)
            step(torch.zeros(int(counts.sum())))  # expect: ACC503
    """,
}

FINE = {
    "jax_generator_padded_to_a_fixed_maximum": """
        import jax
        import numpy as np

        MAX_LEN = 40

        def batches(n):
            rng = np.random.default_rng(0)
            for _ in range(n):
                lengths = rng.integers(3, MAX_LEN, size=4)
                out = np.zeros((4, MAX_LEN), np.int32)
                for row, k in enumerate(lengths):
                    out[row, :k] = 1
                yield out

        @jax.jit
        def embed(tokens):
            return tokens.sum()

        for tokens in batches(100):
            embed(tokens)
    """,
    "jax_generator_longest_rounded_up_to_a_bucket": """
        import jax
        import numpy as np

        BUCKETS = (16, 32, 64)

        def batches(n):
            rng = np.random.default_rng(0)
            for _ in range(n):
                lengths = rng.integers(3, 60, size=4)
                width = next(b for b in BUCKETS if b >= lengths.max())
                yield np.zeros((4, width), np.int32)

        @jax.jit
        def embed(tokens):
            return tokens.sum()

        for tokens in batches(100):
            embed(tokens)
    """,
    "jax_fixed_batch_size_slices": """
        import jax
        import numpy as np

        @jax.jit
        def embed(tokens):
            return tokens.sum()

        def run(data, batch=32):
            for start in range(0, len(data) - batch + 1, batch):
                embed(data[start:start + batch])
    """,
    "jax_generator_items_of_one_shape": """
        import jax
        import numpy as np

        def batches(n):
            rng = np.random.default_rng(0)
            for _ in range(n):
                yield rng.integers(0, 30, size=(4, 16))

        @jax.jit
        def embed(tokens):
            return tokens.sum()

        for tokens in batches(100):
            embed(tokens)
    """,
    "jax_extreme_of_the_batch_as_a_traced_value": """
        import jax
        import numpy as np

        @jax.jit
        def scale(x, top):
            return x / top

        def run(dataset):
            for batch in dataset:
                scale(batch, float(batch.max()))
    """,
    "tf_input_signature_with_a_free_length": """
        import numpy as np
        import tensorflow as tf

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
        def encode(tokens):
            return tf.reduce_mean(tf.cast(tokens, tf.float32))

        def trimmed(n, batch=4, max_len=30):
            rng = np.random.default_rng(0)
            for _ in range(n):
                lengths = rng.integers(2, max_len, size=batch)
                yield tf.constant(np.zeros((batch, lengths.max()), np.int32))

        vectors = [encode(b) for b in trimmed(12)]
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_size_from_an_extreme_of_data_new_on_each_pass(source):
    assert_labels_match(source)
