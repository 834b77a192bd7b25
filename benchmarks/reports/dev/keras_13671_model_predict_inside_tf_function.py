# source: https://github.com/keras-team/keras/issues/13671
# framework: TF
# A commenter's minimal example: `model.predict(x, steps=1)` inside a tf.function errors, because
# predict returns NumPy and needs concrete values. With Keras 3 on TF 2.21 it still fails while
# tracing (AttributeError: 'SymbolicTensor' object has no attribute 'numpy'); run eagerly it
# returns the predictions. (Calling `model(x)` instead is the usual fix.)
# verify: c.error is not None and e.error is None
import numpy as np
import tensorflow as tf
from tensorflow import keras

x = np.random.random((10, 16)).astype("float32")
model = keras.Sequential()
model.add(keras.Input(shape=(16,)))
model.add(keras.layers.Dense(32, activation=tf.nn.relu))
y = model.predict(x, verbose=0)


@tf.function
def test(model, x):
    y = model.predict(x, steps=1)  # label: ACC3
    return y


error = None
try:
    y = test(model, x)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
