"""ACC610: the framework's global seed, an input of every traced unseeded random op.

Property: a TensorFlow stateful random op traced in a tf.function took the global seed when it
was traced; `tf.random.set_seed` (or Keras's `set_random_seed`) called after the first call and
before a later one restarts that op from the traced seed, so every call after it draws the same
values, where eager calls follow the new seed (elicito#52; run benchmarks/framework_runs.py
tf_set_seed_after_first_traced_call, TF 2.21: "same" without and with an op seed; "new" for the
seed set once before the calls, a `tf.random.Generator`, a stateless op seeded by the epoch, and
a tf.function made anew after each setter).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code == "ACC610"
    )


def test_a_seed_per_epoch_before_each_call_of_a_decorated_function():
    assert found("""
        import tensorflow as tf


        @tf.function
        def simulate(scale):
            return scale * tf.random.normal((3,))


        draws = []
        for epoch in range(4):
            tf.random.set_seed(7 + epoch)
            draws.append(simulate(tf.constant(1.0)))
    """) == [(11, "ACC610")]


def test_keras_seed_after_each_step_of_a_wrapped_function_whose_helper_draws():
    assert found("""
        import keras
        import tensorflow as tf


        def noise(x):
            return x + tf.random.uniform(tf.shape(x))


        def train_step(x):
            return tf.reduce_sum(noise(x))


        step = tf.function(train_step)


        def main(x):
            for epoch in range(10):
                step(x)
                keras.utils.set_random_seed(epoch)
    """) == [(19, "ACC610")]


def test_an_op_seed_does_not_help_between_two_straight_calls():
    assert found("""
        import tensorflow as tf


        @tf.function
        def sample():
            return tf.random.normal((3,), seed=5)


        tf.random.set_seed(0)
        first = sample()
        tf.random.set_seed(1)
        second = sample()
    """) == [(11, "ACC610")]


def test_look_alikes_set_once_a_generator_a_stateless_op_a_new_function():
    assert found("""
        import tensorflow as tf


        @tf.function
        def simulate(scale):
            return scale * tf.random.normal((3,))


        tf.random.set_seed(7)
        draws = [simulate(tf.constant(1.0)) for epoch in range(4)]
    """) == []
    assert found("""
        import tensorflow as tf

        gen = tf.random.Generator.from_seed(1)


        @tf.function
        def simulate(scale, seed):
            return gen.normal((3,)) + tf.random.stateless_normal((3,), seed=seed)


        for epoch in range(4):
            tf.random.set_seed(7 + epoch)
            simulate(tf.constant(1.0), tf.constant([7, epoch]))
    """) == []
    assert found("""
        import tensorflow as tf


        def body(scale):
            return scale * tf.random.normal((3,))


        for epoch in range(4):
            tf.random.set_seed(7 + epoch)
            simulate = tf.function(body)
            simulate(tf.constant(1.0))
    """) == []


def test_the_same_literal_seed_set_again_restarts_eager_draws_too():
    assert found("""
        import tensorflow as tf


        @tf.function
        def rnd():
            return tf.random.uniform(shape=[])


        tf.random.set_seed(42)
        first = [float(rnd()), float(rnd())]
        tf.random.set_seed(42)
        second = [float(rnd()), float(rnd())]
    """) == []


# A seed set only after the first call: the op was traced with no global seed (a seed of its
# own, new per process), so the setter never reaches it, however often it sets the same literal;
# eagerly the same setter restarts the draws (run benchmarks/framework_runs.py
# tf_set_seed_only_after_first_call, TF 2.21: two runs draw other values, two reseeds draw other
# values; eagerly the same).
def test_one_literal_seed_set_only_after_the_first_call():
    assert found("""
        import tensorflow as tf


        @tf.function
        def simulate(scale):
            return scale * tf.random.normal((3,))


        warm = simulate(1.0)
        tf.random.set_seed(0)
        draws = [simulate(1.0) for _ in range(3)]
    """) == [(10, "ACC610")]


def test_the_same_literal_reseeded_in_a_loop_after_a_warm_up_call():
    assert found("""
        import tensorflow as tf


        @tf.function
        def simulate(scale):
            return scale * tf.random.normal((3,))


        simulate(1.0)
        for epoch in range(3):
            tf.random.set_seed(0)
            simulate(1.0)
    """) == [(11, "ACC610")]


def test_a_keras_seed_after_the_first_call_in_main():
    assert found("""
        import keras
        import tensorflow as tf


        @tf.function
        def simulate():
            return tf.random.normal((2,))


        def main():
            simulate()
            out = []
            for epoch in range(2):
                keras.utils.set_random_seed(0)
                out.append(simulate())
            return out


        main()
    """) == [(14, "ACC610")]
