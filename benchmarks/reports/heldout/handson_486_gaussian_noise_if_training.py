# source: https://github.com/ageron/handson-ml2/issues/486
# framework: TF
# Label: fine look-alike. The reader's `AddGaussianNoise` layer branches with a Python `if training:`
# in `call` and asks how `training=True` reaches it. `training` is a Python bool Keras passes to the
# layer (True inside `fit`'s train step, False in `predict`/`evaluate`), not a tensor, so the branch
# is decided once per traced mode: `fit` adds the noise (here the constant 5 the reader used), a
# plain call in inference mode does not. Checked with Keras 3 on TF 2.21: the layer returns x + 5
# with training=True and x with training=False, compiled or eager.
# label: none
# verify: close(c.train_out, e.train_out) and close(c.infer_out, e.infer_out)
import tensorflow as tf
from tensorflow import keras


class AddGaussianNoise(keras.layers.Layer):
    def __init__(self, stddev, **kwargs):
        super().__init__(**kwargs)
        self.stddev = stddev

    def call(self, X, training=None):
        if training:
            noise = 5
            return X + noise
        else:
            return X

    def compute_output_shape(self, batch_input_shape):
        return batch_input_shape


x = tf.constant([[1.0], [2.0], [3.0]])
y = tf.constant([[2.0], [6.0], [4.0]])
model = keras.Sequential([keras.Input((1,)), AddGaussianNoise(stddev=1.0)])


@tf.function
def run(x, training):
    return model(x, training=training)


train_out = run(x, True)
infer_out = run(x, False)
print(train_out, infer_out)
