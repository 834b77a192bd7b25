"""A collate function that pads each batch to its longest sequence, given batches of new lengths.

Property (ACC503): a module function whose return is sized by an extreme of what it is given
(`longest = max(len(s) for s in sequences)`, `torch.zeros(len(sequences), longest)`), called on
each pass with sequences whose lengths are new on that pass (a comprehension whose element
computes with the pass's new value: `[... for _ in range(3 + b)]`), returns an array of a new
shape; a compile that keys on shapes traces once per distinct length (benchmarks/blind2
torch_static_seq_collate_1: `torch.compile(..., dynamic=False)`, torch 2.13, `>= 8` compiles in
12 batches). torch.compile's default marks the dimension dynamic after the second shape: two
compiles, no storm. Buckets (the longest rounded up to one of a literal few widths) are one
compile per bucket: a bounded set, silent.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "torch_static_compile_collate_through_a_generator_and_a_parameter": """
        import random
        import torch

        def collate(sequences):
            longest = max(len(s) for s in sequences)
            batch = torch.zeros(len(sequences), longest, dtype=torch.long)
            for i, s in enumerate(sequences):
                batch[i, : len(s)] = torch.tensor(s)
            return batch

        def loader(n, seed=0):
            rng = random.Random(seed)
            for b in range(n):
                yield collate([[rng.randrange(1, 40) for _ in range(3 + b)] for _ in range(4)])

        def predict_all(model, batches):
            return [model(x) for x in batches]  # expect: ACC503

        model = torch.compile(torch.nn.Linear(8, 2), dynamic=False)
        preds = predict_all(model, loader(12))
    """,
    "jax_padded_batch_of_lengths_growing_with_the_step": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        def pad_batch(seqs):
            width = max(len(s) for s in seqs)
            out = np.zeros((len(seqs), width), np.int32)
            return out

        @jax.jit
        def loss(tokens):
            return jnp.mean(tokens)

        def train(steps):
            for step in range(steps):
                seqs = [list(range(step + k)) for k in range(4)]
                loss(pad_batch(seqs))  # expect: ACC503
    """,
    "tf_collate_of_a_new_length_in_a_while_loop": """
        import numpy as np
        import tensorflow as tf

        @tf.function
        def encode(x):
            return tf.reduce_sum(x)

        def collate(rows):
            n = max(len(r) for r in rows)
            out = np.full((len(rows), n), -1.0)
            for i, r in enumerate(rows):
                out[i, :len(r)] = r
            return tf.constant(out)

        k = 0
        while k < 100:
            k += 1
            encode(collate([np.ones(k), np.ones(k + 1)]))  # expect: ACC503
    """,
    "jax_static_tuple_from_a_comprehension_over_the_step": """
        import jax
        import jax.numpy as jnp

        f = jax.jit(lambda xs, n: xs, static_argnums=1)

        def run(steps):
            for step in range(steps):
                f(jnp.ones(3), tuple(k * step for k in range(4)))  # expect: ACC502
    """,
}

FINE = {
    "torch_default_compile_collate_to_the_longest": """
        import random
        import torch

        def collate(sequences):
            longest = max(len(s) for s in sequences)
            return torch.zeros(len(sequences), longest, dtype=torch.long)

        def loader(n, seed=0):
            rng = random.Random(seed)
            for b in range(n):
                yield collate([[rng.randrange(1, 40) for _ in range(3 + b)] for _ in range(4)])

        model = torch.compile(torch.nn.Linear(8, 2))
        preds = [model(x) for x in loader(12)]
    """,
    "jax_collate_to_a_fixed_maximum": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        MAX_LEN = 64

        def pad_batch(seqs):
            out = np.zeros((len(seqs), MAX_LEN), np.int32)
            return out

        @jax.jit
        def loss(tokens):
            return jnp.mean(tokens)

        def train(steps):
            for step in range(steps):
                seqs = [list(range(step + k)) for k in range(4)]
                loss(pad_batch(seqs))
    """,
    "jax_collate_to_the_bucket_above_the_longest": """
        import jax
        import jax.numpy as jnp
        import numpy as np

        BUCKETS = (16, 32, 64, 128)

        def pad_batch(seqs):
            longest = max(len(s) for s in seqs)
            width = next(b for b in BUCKETS if b >= longest)
            return np.zeros((len(seqs), width), np.int32)

        @jax.jit
        def loss(tokens):
            return jnp.mean(tokens)

        def train(steps):
            for step in range(steps):
                seqs = [list(range(step % 100 + k)) for k in range(4)]
                loss(pad_batch(seqs))
    """,
    "jax_comprehension_of_its_own_values": """
        import jax
        import jax.numpy as jnp

        f = jax.jit(lambda xs, n: xs, static_argnums=1)

        def run(steps):
            for step in range(steps):
                f(jnp.ones(3), tuple(k * 2 for k in range(4)))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_collate_to_the_longest_of_sequences_of_new_lengths(source):
    assert_labels_match(source)
