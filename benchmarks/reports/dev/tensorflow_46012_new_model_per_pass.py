# source: https://github.com/tensorflow/tensorflow/issues/46012
# framework: TF
# A new model is built, fitted and asked for one prediction on each pass; TF warns "5 out of the
# last 5 calls ... triggered tf.function retracing". Each model traces its own functions once
# and uses them for its whole life: the traces are the price of six models, not a cache missed
# by a value that could be kept. Fine. (`Input(shape=1000)` is written `(1000,)`, as Keras 3
# requires; epochs lowered from 100.)
# label: none
# verify: c.tf['one_step_on_data'] <= 6 * 2
import numpy as np
import tensorflow as tf
from keras import Sequential
from keras.layers import Dense, Input

X = np.random.uniform(-1, 1, size=(1, 1000))
y = np.array([[0.7974]])

for _ in range(6):
    model = Sequential([
        Input(shape=(1000,)),
        Dense(1, activation="sigmoid"),
    ])

    model.compile(loss="mse", optimizer="adam")
    model.fit(X, y, batch_size=1, epochs=3, verbose=0)
    print(model.predict(X, verbose=0))
