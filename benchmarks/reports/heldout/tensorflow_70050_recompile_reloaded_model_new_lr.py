# source: https://github.com/tensorflow/tensorflow/issues/70050
# framework: TF
# "Compiling doesn't change learning rate of reloaded model": a model compiled with Adam at one
# learning rate is saved and reloaded, then `compile_model` is called again with another
# learning rate, and on TF 2.15 the reloaded model kept the first one. On TF 2.21 (Keras 3)
# the second compile gives the reloaded model the new optimizer: after it, and after a fit,
# `model.optimizer.learning_rate` is the new value and the fit steps with it. Fine as run. The
# issue's helpers, small sizes, a `.keras` file in a temporary folder.
# label: none
# verify: c.lr_after_fit == 0.5 and e.lr_after_fit == 0.5 and c.steps == 1
import os
import tempfile

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense, Input
from tensorflow.keras.models import Sequential


def create_model():
    model = Sequential([Input((10,)), Dense(64, activation="relu"), Dense(1, activation="sigmoid")])
    return model


def compile_model(model, learning_rate):
    model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=learning_rate),
                  loss="binary_crossentropy")


x = np.random.rand(16, 10).astype("float32")
y = np.random.randint(0, 2, (16, 1)).astype("float32")
model = create_model()
compile_model(model, 0.001)
model.fit(x, y, verbose=0)
path = os.path.join(tempfile.mkdtemp(), "model.keras")
model.save(path)

reloaded = tf.keras.models.load_model(path)
compile_model(reloaded, 0.5)
reloaded.fit(x, y, batch_size=16, verbose=0)
lr_after_fit = float(reloaded.optimizer.learning_rate)
steps = int(reloaded.optimizer.iterations.numpy())
print(lr_after_fit, steps)
