# source: https://github.com/keras-team/keras/issues/20724
# framework: JAX
# "UnexpectedTracerError: JAX had a side effect": a random-noise layer draws
# `keras.random.uniform([], seed=self.seed_generator)` to decide, and draws again inside the
# `true_fn` of `keras.ops.cond`, under the JAX backend. The draw in the branch advances the seed
# generator's state inside the traced branch function of the jitted train step, and the new
# state, a tracer of that branch, escapes into the layer's variable. Still so on Keras 3.15.1 with
# jax 0.10.2: `model.fit` raises UnexpectedTracerError; with jit disabled (the eager twin) it
# trains. The reporter's layer (which returns `inputs`) and model, two epochs on random data.
# verify: not c.fit_ok and e.fit_ok
import os

os.environ["KERAS_BACKEND"] = "jax"

import keras
import numpy as np
from keras import layers, models


class RNL(layers.Layer):
    def __init__(self, noise_rate, **kwargs):
        super().__init__(**kwargs)
        self.noise_rate = noise_rate
        self.seed_generator = keras.random.SeedGenerator(seed=1337)

    def call(self, inputs):
        apply_noise = keras.random.uniform([], seed=self.seed_generator) < self.noise_rate
        outputs = keras.ops.cond(
            pred=apply_noise,
            true_fn=lambda: inputs + keras.random.uniform(
                shape=keras.ops.shape(inputs), minval=0, maxval=self.noise_rate, seed=self.seed_generator),  # label: ACC4
            false_fn=lambda: inputs,
        )
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape


def create_dummy_model(noise_rate=0.1):
    return models.Sequential([
        layers.Input(shape=(10,)),
        RNL(noise_rate=noise_rate),
        layers.Dense(32, activation="relu"),
        layers.Dense(1, activation="sigmoid"),
    ])


keras.utils.set_random_seed(0)
model = create_dummy_model(noise_rate=0.5)
model.compile(optimizer="adam", loss="binary_crossentropy")
x = np.random.RandomState(0).rand(64, 10).astype("float32")
y = (x.sum(axis=1, keepdims=True) > 5).astype("float32")
fit_ok = True
try:
    history = model.fit(x, y, epochs=2, batch_size=16, verbose=0)
    losses = history.history["loss"]
except Exception as err:
    fit_ok, losses = False, [str(err)[:80]]
print(fit_ok, losses)
