# source: https://github.com/keras-team/keras/issues/20165
# framework: JAX
# label: none
# "Possible JIT compilation bug with JAX": the user averages each row of x "ignoring the -99
# values that we will mask"; `Sequential([Masking(-99), GlobalAveragePooling1D()])` gives the same
# result eagerly and from `predict_on_batch` after `compile(jit_compile=True)`, but "the same
# sequence of operations but inside a custom layer" fails for the JAX backend only, "as if each
# masked value was virtually replaced by 0 instead of being ignored". The custom layer's code is
# cut off in the stored thread: reduced to a layer that applies the two layers in its `call`. The
# user's data and comparison. On Keras 3.15 the jitted prediction ignores the masked values as
# the direct call does: fine today.
# verify: close(c.jit_model_output, c.model_output) and close(c.model_output, [[2.0], [1.5], [1.0]])
import os

os.environ["KERAS_BACKEND"] = "jax"
import numpy as np  # noqa: E402
import keras  # noqa: E402


class MaskedGlobalAveragePooling1D(keras.layers.Layer):
    def __init__(self, mask_value, **kwargs):
        super().__init__(**kwargs)
        self.masking = keras.layers.Masking(mask_value)
        self.pooling = keras.layers.GlobalAveragePooling1D()

    def call(self, x):
        x = self.masking(x)
        return self.pooling(x)


def get_model():
    return keras.Sequential([MaskedGlobalAveragePooling1D(-99)])


x = keras.ops.convert_to_tensor([
    [[1], [2], [3]],
    [[1], [2], [-99]],
    [[1], [-99], [-99]],
], dtype="float32")

model = get_model()
model_output = np.asarray(model(x))  # this is NOT JIT-compiled

model.compile(jit_compile=True)
jit_model_output = np.asarray(model.predict_on_batch(x))  # this is JIT-compiled
print(model_output, jit_model_output)
