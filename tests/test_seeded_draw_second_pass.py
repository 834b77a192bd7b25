"""ACC104's property: a TF random op drawing from a fixed seed (here the global seed, no op seed)
in a function tf.data maps over a dataset draws the same values on every new pass over it, so it
is a hazard only when the data is passed over a second time. Run on TF 2.21 / Keras 3.15
(benchmarks/framework_runs.py tf_data_seeded_draw_second_pass; tensorflow#44195): the dataset
iterated again, in an epoch loop, and `fit(epochs=2)` repeat the first pass's draws; `.repeat(2)`
(after or before the map) draws anew; a dataset iterated once has no pass to repeat
(hyperconnect/TC-ResNet#1's fix). What the module hands elsewhere (`fit`, a function) may be
passed over again: still flagged.
"""

import pytest

from labelled import assert_labels_match

HAZARDS = {
    "iterated_twice": """
        import tensorflow as tf

        tf.random.set_seed(0)
        ds = tf.data.Dataset.range(3).map(lambda i: tf.random.uniform(()))  # expect: ACC104
        first = [float(v) for v in ds]
        second = [float(v) for v in ds]
    """,
    "epoch_loop": """
        import tensorflow as tf

        tf.random.set_seed(0)

        def jitter(i):
            return tf.cast(i, tf.float32) + tf.random.uniform(())  # expect: ACC104

        ds = tf.data.Dataset.range(3).map(jitter).batch(2)
        for epoch in range(3):
            for batch in ds:
                print(batch)
    """,
    "fit_for_several_epochs": """
        import tensorflow as tf
        from tensorflow import keras

        keras.utils.set_random_seed(0)
        data = tf.data.Dataset.range(8).map(lambda i: (tf.random.uniform((1,)), tf.zeros((1,)))).batch(2)  # expect: ACC104
        model = keras.Sequential([keras.layers.Dense(1)])
        model.compile(optimizer="sgd", loss="mse")
        model.fit(data, epochs=3)
    """,
}

FINE = {
    "iterated_once_in_a_comprehension": """
        import tensorflow as tf

        tf.random.set_seed(0)

        def mix(audio):
            return audio + tf.random.uniform([], maxval=6, dtype=tf.int32)

        mixed = tf.data.Dataset.from_tensor_slices([0]).repeat(10).map(mix)
        out = [int(v) for v in mixed]
    """,
    "iterated_once_by_a_for_loop": """
        import tensorflow as tf

        tf.random.set_seed(0)
        ds = tf.data.Dataset.range(4).map(lambda i: tf.random.normal(())).batch(2)
        for batch in ds:
            print(batch)
    """,
    "repeated_then_iterated_once": """
        import tensorflow as tf

        tf.random.set_seed(0)
        ds = tf.data.Dataset.range(3).map(lambda i: tf.random.uniform(()))
        values = list(ds.repeat(2))
    """,
}


@pytest.mark.parametrize("source", list(HAZARDS.values()) + list(FINE.values()), ids=list(HAZARDS) + list(FINE))
def test_a_seeded_draw_repeats_only_on_a_second_pass(source):
    assert_labels_match(source)
