# source: blind55:tf_keras_np_random_call_1
# framework: TF
# A Keras layer builds its noise with np.random in `call`; Keras traces the predict function once,
# so repeated predictions on the same input all get the same noise.
# verify: close(c.preds[0], c.preds[2]) and not close(e.preds[0], e.preds[2])
import numpy as np
from tensorflow import keras


class NumpyNoise(keras.layers.Layer):
    def call(self, x):
        return x + np.random.normal(0, 1.0, size=(1, 3)).astype("float32")  # label: ACC1


model = keras.Sequential([keras.Input((3,)), NumpyNoise()])
x = np.zeros((2, 3), np.float32)
preds = [model.predict(x, verbose=0) for _ in range(3)]
