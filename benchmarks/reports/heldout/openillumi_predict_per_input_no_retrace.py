# source: https://openillumi.com/en/en-fix-tf-function-retracing-warning
# framework: TF
# Label: fine look-alike under today's Keras. The page: calling `model.predict(x)` for each input
# gave "11 out of the last 11 calls to ... predict_function triggered tf.function retracing", and
# its fix is the direct call `model(x, training=False)`. With Keras 3 on TF 2.21 the loop of
# `predict` calls builds its predict function once and traces it once; the direct calls run the
# layers eagerly. Both give the same predictions. The model is a small stand-in.
# label: none
# verify: sum(c.tf.values()) <= 1 and close(c.by_predict, c.by_call)
import numpy as np
import tensorflow as tf
from tensorflow import keras

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"),
                          keras.layers.Dense(2)])
rng = np.random.default_rng(0)
inputs = [rng.random((1, 4)).astype("float32") for _ in range(11)]
by_predict = [model.predict(input_data, verbose=0) for input_data in inputs]
by_call = [model(input_data, training=False).numpy() for input_data in inputs]
print(by_predict[-1], by_call[-1])
