"""A Keras model compiled on every pass of a loop and stepped on that pass traces anew each pass.

Property: Keras builds a model's train function (a `tf.function` of `train_step`) at the first
`fit`/`train_on_batch` after `compile()` and drops it at the next `compile()` (data: keras.toml
`[[built_state]]` builds/resets/steps); so a model compiled on each pass of an unbounded loop and
stepped once on that pass (`train_on_batch`) traces a new train function for every step
(ACC501), as `jax.jit(lambda ...)` written in the loop does; a `fit` of epochs per pass
amortises its trace (report tensorflow_46012, labelled fine). Run: the report image_completion_tf2_6 (TF 2.21 / Keras 3.15: one
trace of `one_step_on_data` per pass). A model compiled once before the loop, or compiled per
configuration of a literal loop (`for lr in (1e-3, 1e-4)`), is not.
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import numpy as np
import tensorflow as tf
from tensorflow import keras
x = np.ones((8, 4), "float32")
y = np.ones((8, 1), "float32")
inputs = keras.Input((4,))
"""

CASES = {
    "a functional model built and compiled on each pass, then train_on_batch": """
for n in range(100):
    model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    model.compile(loss="mse", optimizer="sgd")
    model.train_on_batch(x, y)  # expect: ACC501
""",
    "a model made once, compiled with a new learning rate each step in a while loop": """
model = keras.Sequential([keras.layers.Dense(1)])
step = 0
while step < 50:
    model.compile(loss="mse", optimizer=keras.optimizers.SGD(0.1 / (step + 1)))
    model.train_on_batch(x, y)  # expect: ACC501
    step += 1
""",
    "look-alike: a new model compiled and fit for epochs on each pass (the trace is amortised)": """
for _ in range(6):
    model = keras.Sequential([keras.layers.Dense(1)])
    model.compile(loss="mse", optimizer="adam")
    model.fit(x, y, epochs=3, verbose=0)
""",
    "in a function: the model bound before the loop, compiled inside it": """
def train(batches):
    model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    for bx, by in batches:
        model.train_on_batch(bx, by)  # expect: ACC501
        model.compile(loss="mse", optimizer="adam")
    return model
""",
    "look-alike: compiled once before the loop": """
model = keras.Sequential([keras.layers.Dense(1)])
model.compile(loss="mse", optimizer="sgd")
for n in range(100):
    model.train_on_batch(x, y)
""",
    "look-alike: compiled per configuration of a literal loop": """
model = keras.Sequential([keras.layers.Dense(1)])
for lr in (1e-3, 1e-4):
    model.compile(loss="mse", optimizer=keras.optimizers.SGD(lr))
    model.fit(x, y, epochs=5, verbose=0)
""",
    "look-alike: compile in the outer loop, train_on_batch in an inner loop": """
model = keras.Sequential([keras.layers.Dense(1)])
for epoch in range(100):
    model.compile(loss="mse", optimizer="sgd")
    for step in range(1000):
        model.train_on_batch(x, y)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_keras_compiled_on_each_pass(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
