"""AutoGraph converts no comprehension (rules/acc2_iteration.py, ACC206).

Property: where the framework converts `if` statements on tensors but not comprehensions
(tf.function, tf.data functions: `[conversions] comprehension_tests = "error"`), a comprehension's
`if` that truth-tests a traced value raises OperatorNotAllowedInGraphError while tracing, as
iterating a tensor in one does. From benchmarks/blind3's dev miss tf_comprehension_filter_1
(`[l for l in task_losses if l > 0]` in a helper a tf.function calls with a list of losses).
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "a helper filters a list of losses": """
        import tensorflow as tf

        def balance(task_losses):
            active = [l for l in task_losses if l > 0]  # expect: ACC206
            return tf.add_n(active) / len(active)

        @tf.function
        def step(x, ys):
            preds = tf.unstack(x, axis=1)
            losses = [tf.reduce_mean((p - y) ** 2) for p, y in zip(preds, ys)]
            return balance(losses)
    """,
    "a set comprehension tests a tensor it did not iterate": """
        import tensorflow as tf

        @tf.function
        def step(x):
            m = tf.reduce_mean(x)
            return tf.stack([x * k for k in (1.0, 2.0) if m > 0])  # expect: ACC206
    """,
    "a generator expression filters a list display of tensors": """
        import tensorflow as tf

        class Pool:
            @tf.function
            def __call__(self, x):
                parts = [tf.reduce_max(x), tf.reduce_min(x)]
                return tf.add_n(list(p for p in parts if not p < 0))  # expect: ACC206
    """,
}

FINE = {
    "an if statement on a tensor is converted": """
        import tensorflow as tf

        @tf.function
        def step(x):
            out = []
            for k in (1.0, 2.0):
                if tf.reduce_mean(x) > 0:
                    out.append(x * k)
            return out
    """,
    "a comprehension's if on a Python value": """
        import tensorflow as tf

        @tf.function
        def step(x, ks=(1, 2, 3)):
            return tf.stack([x * k for k in ks if k > 1])
    """,
    "a comprehension's if on a tensor in eager code": """
        import tensorflow as tf

        def report(losses):
            return [l for l in losses if l > 0]

        report([tf.constant(1.0), tf.constant(-1.0)])
    """,
    "jax reports its own truth test (ACC202), not this": """
        import jax
        import jax.numpy as jnp

        @jax.jit
        def step(x):
            losses = [jnp.mean(x), jnp.max(x)]
            return sum(l for l in losses if l > 0)  # expect: ACC202
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_comprehension_test_of_a_tensor_raises_where_comprehensions_are_not_converted(source):
    assert_labels_match(source)
