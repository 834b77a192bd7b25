# source: https://github.com/suinleelab/attributionpriors/issues/6
# framework: TF
# "Unable to do a normal for loop to train with attribution priors TF2.X": running the notebook's
# `train_step` in a loop "to find different model and different optimizer", with a new model and a
# new optimizer each time, fails at `optimizer.apply_gradients(zip(gradients,
# model.trainable_variables))` with "ValueError: tf.function only supports singleton tf.Variables
# created on the first call". Reduced to the notebook's tape step (the attribution prior left out)
# as a `tf.function` taking the model and optimizer, and a loop over three configurations: the
# second configuration's new model traces the step again, and the new optimizer creates its
# variables in that later trace.
# verify: c.error is not None and "ValueError" in c.error and e.error is None
import numpy as np
import tensorflow as tf

loss_object = tf.keras.losses.MeanSquaredError()


@tf.function
def train_step(model, optimizer, inputs, labels):
    with tf.GradientTape() as tape:
        predictions = model(inputs, training=True)
        loss = loss_object(labels, predictions)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))  # label[v]: ACC4
    return loss


x = np.random.rand(16, 4).astype("float32")
y = np.random.rand(16, 1).astype("float32")
error = None
try:
    for units in (8, 16, 32):
        model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(units), tf.keras.layers.Dense(1)])
        optimizer = tf.keras.optimizers.Adam(1e-3)
        for step in range(2):
            train_step(model, optimizer, x, y)  # label[v]
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
