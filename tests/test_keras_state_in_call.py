"""A Keras layer's `call`, traced by `fit`, that constructs a stateful Keras object makes state
at trace time.

Property (ACC410): constructing, in a traced Keras `call` (or `train_step`), a Keras object that
creates variables (a layer with weights or a seed generator: `Dropout`, `Dense`,
`GaussianNoise`, `BatchNormalization`, ...; a `keras.random.SeedGenerator`; a `tf.Variable`)
on a path every call takes makes a new variable in every trace, as `tf.Variable(...)` in a
tf.function does: `fit` (Keras 3, TF backend) raises `ValueError: tf.function only supports
singleton tf.Variables created on the first call`. The constructors are framework data
(acclint/frameworks/keras.toml `[state]`). Written for the dev report keras_cv_1951 (a Dropout
made in `call`).

Run (Keras 3.15 / TF 2.21, benchmarks/framework_runs.py keras_state_made_in_call): Dropout,
Dense, GaussianNoise, GaussianDropout, BatchNormalization, LayerNormalization, Embedding, Conv1D,
SeedGenerator and tf.Variable made in `call` raise that error under `fit`; Activation, Reshape
and Flatten made there are fine (they hold no state). Dense, BatchNormalization,
LayerNormalization, Embedding and Conv1D build their weights at their first call: made in `call`
and never called, they hold no variable and `fit` runs (stop 52's run; keras.toml `[state]
built_on_call`), so those are reported only where `call` calls them.
"""

import pytest

from labelled import family_labels_and_findings

FIT = """
inputs = keras.Input((8,))
model = keras.Model(inputs, Block()(inputs))
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((16, 8)), np.ones((16, 8)), epochs=2, batch_size=4)
"""

HEADER = """
import numpy as np
import keras
import tensorflow as tf
from keras import layers
"""

CASES = {
    "a Dropout made and applied in call (keras_cv_1951)": """
class Block(layers.Layer):
    def __init__(self, rate=0.2, **kwargs):
        super().__init__(**kwargs)
        self.rate = rate

    def call(self, inputs, training=None):
        return layers.Dropout(self.rate, noise_shape=(None, 1))(inputs, training=training)  # expect: ACC410
""",
    "a noise layer bound to an attribute in call": """
class Block(keras.layers.Layer):
    def call(self, inputs, training=None):
        self.noise = keras.layers.GaussianNoise(0.1)  # expect: ACC410
        return self.noise(inputs, training=training)
""",
    "a SeedGenerator made in call": """
class Block(layers.Layer):
    def call(self, inputs):
        seed = keras.random.SeedGenerator(1)  # expect: ACC410
        return inputs + keras.random.normal((8,), seed=seed)
""",
    "a Dense made in a tf.keras layer's call, imported by name": """
from tensorflow.keras.layers import Dense, Layer

class Block(Layer):
    def call(self, inputs):
        return Dense(8)(inputs)  # expect: ACC410
""",
    "look-alike: the Dropout made in __init__, applied in call": """
class Block(layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.dropout = layers.Dropout(0.2)

    def call(self, inputs, training=None):
        return self.dropout(inputs, training=training)
""",
    "a Dense bound to a local name in call, then called": """
class Block(layers.Layer):
    def call(self, inputs):
        proj = layers.Dense(8)  # expect: ACC410
        return proj(inputs)
""",
    "look-alike: a Dense or a normalization made in call and never called (its weights are built by its first call)": """
class Block(layers.Layer):
    def call(self, inputs):
        spare = layers.Dense(8)
        norm = layers.LayerNormalization()
        return inputs * 2.0
""",
    "look-alike: stateless layers made in call": """
class Block(layers.Layer):
    def call(self, inputs):
        x = layers.Activation("relu")(inputs)
        return layers.Reshape((8,))(layers.Flatten()(x))
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_state_made_in_a_traced_keras_call(body):
    expected, found = family_labels_and_findings(HEADER + body + FIT, "ACC4")
    assert found == expected
