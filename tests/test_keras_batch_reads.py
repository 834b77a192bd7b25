"""A Keras `call` that gives its input's static batch size to a tensor maker as a dimension.

Property (ACC302): in a Keras layer's or model's `call` traced by `fit`/`predict`, a static read
of a traced input's first axis (`x.shape[0]`, also through a local name every binding of which is
one) given as a dimension to a tensor maker or a reshape (`tf.zeros`, `tf.ones`, `tf.fill`,
`tf.random.normal`, `tf.reshape`, their `keras.ops`/`keras.random` twins:
acclint/frameworks/keras.toml `[conversions.batch_shapes]`) raises TypeError on the retrace Keras
makes, with the batch dimension relaxed to None, for a smaller last batch. Found at the read,
where the fix (`keras.ops.shape(x)[0]`, `tf.shape(x)[0]`) is written. Written for the dev report
river_dl_109.

Run (TF 2.21 / Keras 3.15, benchmarks/framework_runs.py keras_batch_size_read_statically): a
subclassed model fitted on 10 samples in batches of 4 raises TypeError for `tf.zeros` of a name
bound to `x.shape[0]`, `keras.ops.zeros((x.shape[0], 3))`, `tf.reshape(x, (x.shape[0], -1))` and
`tf.random.normal((x.shape[0], 3))` (on 8 samples, no smaller batch, each runs); `tf.shape(x)[0]`,
`keras.ops.shape(x)[0]`, a fallback where the read is None and `x.shape[1]` run on both. Only the
TensorFlow backend relaxes the batch: with `KERAS_BACKEND` jax or torch the first spelling runs
(same run, a subprocess per backend), so a module choosing another backend is left alone; and
an input the function rebinds (`boxes = ops.reshape(boxes, ...)`) is no longer the input as
traced, so its reads are left alone too.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import numpy as np
import keras
import tensorflow as tf
"""

FIT = """
class Net(keras.Model):
    def __init__(self):
        super().__init__()
        self.block = Block()
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.block(x))


model = Net()
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((10, 3)), np.ones((10, 1)), epochs=1, batch_size=4)
"""

HAZARDS = {
    "river_dl_109: a name bound to inputs.shape[0] given to tf.zeros": """
class Block(keras.layers.Layer):
    def call(self, inputs):
        batch_size = inputs.shape[0]  # expect: ACC302
        return inputs + tf.zeros((batch_size, 3))
""",
    "keras.ops.zeros of x.shape[0] in place (keras's functional-API guide spelling)": """
class Block(keras.layers.Layer):
    def call(self, x):
        state = keras.ops.zeros(shape=(x.shape[0], 3))  # expect: ACC302
        return x + state
""",
    "tf.reshape to (x.shape[0], -1)": """
class Block(keras.layers.Layer):
    def call(self, x):
        return tf.reshape(x, (x.shape[0], -1))  # expect: ACC302
""",
    "tf.random.normal of shape (x.shape[0], 3)": """
class Block(keras.layers.Layer):
    def call(self, x, training=None):
        return x + tf.random.normal((x.shape[0], 3))  # expect: ACC302
""",
}

FINE = {
    "the traced size, tf.shape(x)[0]": """
class Block(keras.layers.Layer):
    def call(self, x):
        return x + tf.zeros((tf.shape(x)[0], 3))
""",
    "the traced size, keras.ops.shape(x)[0], through a name": """
class Block(keras.layers.Layer):
    def call(self, x):
        n = keras.ops.shape(x)[0]
        return x + keras.ops.zeros((n, 3))
""",
    "a fallback where the static read is None (Keras's own layers)": """
class Block(keras.layers.Layer):
    def call(self, x):
        batch_size = x.shape[0]
        if batch_size is None:
            batch_size = tf.shape(x)[0]
        return x + tf.zeros((batch_size, 3))
""",
    "a fixed axis, x.shape[1]": """
class Block(keras.layers.Layer):
    def call(self, x):
        return x + tf.zeros((1, x.shape[1]))
""",
    "the first axis of a tensor the call makes": """
class Block(keras.layers.Layer):
    def call(self, x):
        w = tf.ones((3, 3))
        return x + tf.zeros((w.shape[0], 3))[0]
""",
}


@pytest.mark.parametrize("body", HAZARDS.values(), ids=HAZARDS.keys())
def test_a_static_batch_read_given_as_a_dimension_under_fit(body):
    expected, found = family_labels_and_findings(HEADER + body + FIT, "ACC3")
    assert expected and found == expected


@pytest.mark.parametrize("body", FINE.values(), ids=FINE.keys())
def test_a_traced_size_a_fallback_or_another_axis(body):
    expected, found = family_labels_and_findings(HEADER + body + FIT, "ACC3")
    assert expected == [] and found == []


def test_another_backend_keeps_the_batch():
    """With `KERAS_BACKEND` set to jax (or torch) the same fit runs (framework_runs.py
    keras_batch_size_read_statically, a subprocess per backend): JAX traces every batch size."""
    source = 'import os\n\nos.environ["KERAS_BACKEND"] = "jax"\n' + HEADER + HAZARDS["river_dl_109: a name bound to inputs.shape[0] given to tf.zeros"].replace("  # expect: ACC302", "") + FIT
    expected, found = family_labels_and_findings(source, "ACC3")
    assert expected == [] and found == []


def test_the_tensorflow_backend_set_by_name_relaxes_it():
    source = 'import os\n\nos.environ["KERAS_BACKEND"] = "tensorflow"\n' + HEADER + HAZARDS["tf.reshape to (x.shape[0], -1)"] + FIT
    expected, found = family_labels_and_findings(source, "ACC3")
    assert expected and found == expected
