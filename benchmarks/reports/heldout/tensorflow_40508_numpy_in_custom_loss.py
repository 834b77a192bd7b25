# source: https://github.com/tensorflow/tensorflow/issues/40508
# framework: TF
# To print the error, a custom loss calls `err.numpy()`; Keras traces the loss into its
# train function, where `err` is symbolic: AttributeError 'Tensor' object has no attribute
# 'numpy'. MNIST is random data of its shape here, one epoch; the error is caught to be checked.
# verify: "numpy" in c.error and e.error is None
import numpy as np
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Flatten, Dense


def loss(yT, yP):
    err = yT - yP
    print(err.numpy())  # label: ACC3
    squaredError = tf.square(err)
    meanError = tf.reduce_mean(squaredError)
    return meanError


xTrain = np.random.rand(64, 28, 28)
yTrain = tf.keras.utils.to_categorical(np.random.randint(0, 10, 64), num_classes=10)

model = Sequential()
model.add(Flatten(input_shape=(28, 28)))
model.add(Dense(100, activation='relu'))
model.add(Dense(10, activation='softmax'))
model.compile(optimizer='adam', loss=loss)
error = None
try:
    model.fit(xTrain, yTrain, epochs=1, verbose=0)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
