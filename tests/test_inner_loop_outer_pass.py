"""A compiled call in a loop of a helper that runs once per pass of an outer loop.

Property (ACC502): a compiled call keys on what is new on every pass of every loop that runs
it: the loop around the call and, where the call sits in a function an outer loop runs once
per pass, that outer pass too. A Python value the outer loop hands the helper (the epoch) is the
same on every pass of the helper's own loop over batches, but new on each outer pass: one
compile per epoch (benchmarks/blind2 tf_scalar_epoch_arg_1, `c.tf['train_step'] >= 8` on TF
2.21). Before, a call inside a loop was asked only about that loop. A value the outer loop does
not change (a constant) or hands as a tensor (`tf.constant(epoch)`) compiles once.
"""

import pytest

from labelled import assert_labels_match

# A jitted step with a static scale, called in a helper's loop over batches that an outer loop
# over epochs runs; `{scale}`: what the outer loop hands the helper as the scale.
JAX_RUN_EPOCH = """
    import jax
    import jax.numpy as jnp

    def apply(x, scale):
        return x * scale

    step = jax.jit(apply, static_argnums=1)

    def run_epoch(batches, scale):
        for b in batches:
            step(b, scale){expect}

    data = [jnp.ones(3), jnp.ones(3)]
    for epoch in range(100):
        run_epoch(data, {scale})
"""

HAZARDS = {
    "jax_static_scale_from_the_epoch_through_a_helper_function": JAX_RUN_EPOCH.format(expect="  # expect: ACC502", scale="epoch / 10"),
    "tf_method_while_loop_over_steps": """
        import tensorflow as tf

        class Trainer:
            @tf.function
            def step(self, x, epoch):
                return x * epoch

            def run_epoch(self, x, epoch, steps=4):
                i = 0
                while i < steps:
                    self.step(x, epoch)  # expect: ACC502
                    i += 1

        trainer = Trainer()
        for epoch in range(100):
            trainer.run_epoch(tf.ones(3), epoch)
    """,
    "tf_function_comprehension_over_batches": """
        import tensorflow as tf

        @tf.function
        def encode(x, temperature):
            return x / temperature

        def encode_all(batches, temperature):
            return [encode(b, temperature) for b in batches]  # expect: ACC502

        batches = [tf.ones(3)] * 4
        temperature = 1.0
        while temperature > 0.1:
            encode_all(batches, temperature)
            temperature = temperature * 0.9
    """,
}

FINE = {
    "tf_epoch_handed_as_a_tensor": """
        import tensorflow as tf

        class Trainer:
            @tf.function
            def step(self, x, epoch):
                return x * tf.cast(epoch, tf.float32)

            def run_epoch(self, dataset, epoch):
                for x in dataset:
                    self.step(x, epoch)

        trainer = Trainer()
        for epoch in range(100):
            trainer.run_epoch([tf.ones(3)], tf.constant(epoch))
    """,
    "jax_static_value_the_outer_loop_does_not_change": JAX_RUN_EPOCH.format(expect="", scale="0.5"),
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_call_in_a_helpers_loop_keys_on_the_outer_pass(source):
    assert_labels_match(source)
