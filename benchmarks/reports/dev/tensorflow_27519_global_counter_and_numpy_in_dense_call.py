# source: https://github.com/tensorflow/tensorflow/issues/27519
# framework: TF
# A commenter's `MyDense.call` counts its calls in a global and prints `inputs.numpy()` when
# the inputs have it. Under `fit` the call is traced: `inputs` is symbolic (no `.numpy`, so
# "not available." is printed) and the counter counts traces, not batches. With
# `run_eagerly` the same code counts every batch. The `test(run_eagerly)` driver is reduced
# to its `fit` (the thread cuts it off); Keras 3 spells `run_eagerly` on `compile`.
# verify: c.counter < e.counter
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

counter = 0


class MyDense(layers.Dense):
    def __init__(self, units, activation, input_shape):
        super().__init__(units=units, activation=activation)

    def call(self, inputs):
        global counter

        counter += 1  # label[c]: ACC4
        print('\n{}. inputs.numpy()='.format(counter))  # label[c]
        if hasattr(inputs, 'numpy'):
            print('{}'.format(inputs.numpy()))
        else:
            print('not available.')

        return super().call(inputs)


def test(run_eagerly):
    model = keras.Sequential([
        keras.Input(shape=(2,)),
        MyDense(1, activation=None, input_shape=(2,)),
    ])
    model.compile(optimizer='sgd', loss='mse', run_eagerly=run_eagerly)
    model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=2, epochs=2, verbose=0)


test(False)
