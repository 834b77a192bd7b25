# source: https://github.com/tensorflow/tensorflow/issues/43501
# framework: TF
# "I make call to this function every time i received new data": the prediction function loads
# the saved model and calls `predict` on each call, so every call has a new model whose predict
# function is traced anew ("5 out of the last 5 calls to predict_function triggered
# tf.function retracing"). The saved model is a small Dense model written first (Keras 3 wants
# `.keras`, the report used `.h5`); the arrivals of new data are a loop of `num_requests`.
# verify: c.tf['one_step_on_data_distributed'] >= 8
import os
import tempfile

import numpy as np
import tensorflow as tf

path = os.path.join(tempfile.mkdtemp(), "model.keras")
tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)]).save(path)


def prediction(cosine_s):
    new_model = tf.keras.models.load_model(path)  # label[p]
    test_output = new_model.predict(cosine_s, verbose=0)  # label[p]: ACC5
    return test_output


num_requests = 10
for request in range(num_requests):
    cosine_s = np.random.rand(1, 3).astype("float32")
    out = prediction(cosine_s)  # label[p]
