# source: https://github.com/keras-team/keras-core/pull/623
# framework: JAX
# "Convert neural machine translation with transformer to keras-core": a causal-mask layer builds
# `mult = ops.concatenate([ops.expand_dims(batch_size, -1), ops.convert_to_tensor([1, 1])])` from
# `ops.shape(inputs)` and returns `ops.tile(mask, mult)`; it works with the TensorFlow, torch and
# NumPy backends and fails with JAX even for a fixed input shape: the repetition counts are a JAX
# array computed while the layer is traced, and `tile` needs them static. The comment's example
# (keras_core is keras 3.15 here, JAX backend).
# verify: c.error is not None
import os

os.environ["KERAS_BACKEND"] = "jax"

import keras
from keras import ops

foo = keras.Input((20, 256), batch_size=64)


class MyLayer(keras.layers.Layer):
    def call(self, inputs):
        input_shape = ops.shape(inputs)
        batch_size, sequence_length = input_shape[0], input_shape[1]
        i = ops.arange(sequence_length)[:, None]
        j = ops.arange(sequence_length)
        mask = ops.cast(i >= j, dtype="int32")
        mask = ops.reshape(mask, (1, input_shape[1], input_shape[1]))
        mult = ops.concatenate(
            [ops.expand_dims(batch_size, -1), ops.convert_to_tensor([1, 1])],
            axis=0,
        )
        return ops.tile(mask, mult)  # label: ACC3


error = None
try:
    f = MyLayer()(foo)
    print(f"succeed: f = {f}")
except Exception as exc:
    error = type(exc).__name__
print(error)
