"""ACC104: a seeded framework random op in a function tf.data runs anew on every pass.

Property: a stateful TensorFlow random op whose seed is fixed (an op `seed=`, or a global seed
the program sets) inside a function tf.data traces (`map`, `filter`, `flat_map`, `interleave`,
helpers they call) starts its stream again on every new iterator, so every pass over the
dataset draws the same values (tensorflow#35682; run benchmarks/framework_runs.py
tf_data_unseeded_draw_per_iterator, TF 2.21: "same" for each op and method, "new" without any
seed, with a `tf.random.Generator`, and with the function run eagerly).
"""

from __future__ import annotations

import textwrap

from acclint.api import lint_text
from acclint.run.config import Settings


def found(source: str) -> list[tuple[int, str]]:
    return sorted(
        (f.line, f.code) for f in lint_text(textwrap.dedent(source).lstrip("\n"), "m.py", Settings()).findings
        if f.code.startswith("ACC1")
    )


def test_a_named_augmentation_function_after_a_seed_set_in_main():
    assert found("""
        import tensorflow as tf


        def augment(image, label):
            image = tf.image.random_flip_left_right(image)
            return image, label


        def main(files):
            tf.random.set_seed(42)
            ds = tf.data.TFRecordDataset(files).map(augment).batch(32)
            return ds
    """) == [(5, "ACC104")]


def test_an_op_seed_in_a_filter_predicate():
    assert found("""
        import tensorflow as tf

        ds = tf.data.Dataset.range(100)
        kept = ds.filter(lambda x: tf.random.uniform((), seed=1) < 0.5)
    """) == [(4, "ACC104")]


def test_a_helper_of_an_interleave_function_with_keras_global_seed():
    assert found("""
        import keras
        import tensorflow as tf

        keras.utils.set_random_seed(7)


        def jitter(x):
            return x + tf.random.normal(tf.shape(x), stddev=0.1)


        def expand(path):
            return tf.data.Dataset.from_tensors(jitter(tf.zeros(3)))


        ds = tf.data.Dataset.list_files("*.rec").interleave(expand)
    """) == [(8, "ACC104")]


def test_look_alikes_no_seed_a_generator_a_stateless_op_a_tf_function():
    assert found("""
        import tensorflow as tf

        plain = tf.data.Dataset.range(8).map(lambda i: tf.random.uniform(()))
    """) == []
    assert found("""
        import tensorflow as tf

        tf.random.set_seed(0)
        gen = tf.random.Generator.from_seed(1)
        ds = tf.data.Dataset.range(8).map(lambda i: gen.uniform(()))
        st = tf.data.Dataset.range(8).map(lambda i: tf.random.stateless_uniform((), seed=[1, 2]))


        @tf.function
        def noisy(x):
            return x + tf.random.uniform(tf.shape(x))
    """) == []


def test_an_op_seed_from_a_parameter_is_not_known_fixed():
    assert found("""
        import tensorflow as tf


        def crop(image, seed=None):
            return tf.image.random_crop(image, (8, 8, 3), seed=seed)


        ds = tf.data.Dataset.list_files("*.png").map(lambda p: crop(tf.zeros((9, 9, 3))))
    """) == []
