# source: https://github.com/snowkylin/tensorflow-handbook/blob/HEAD/docs/_static/code/zh/model/autograph/main.py
# framework: TF
# The TensorFlow handbook's AutoGraph example: `@tf.function def train_one_step(X, y)` computes
# the loss of a CNN under a GradientTape, prints it with `tf.print` (the comment notes that
# tf.function does not support Python's print) and applies the gradients; the loop feeds 1000
# batches of 50 MNIST images. Every batch has the same shape and dtype: the first call traces
# twice (the optimizer creates its variables on the first trace, and tf.function traces again
# after a call that created variables) and every later batch reuses the graph. The handbook's code with a dense model and random batches in place
# of the CNN and MNIST loader, 20 batches. Fine.
# label: none
# verify: c.tf['train_one_step'] <= 2
import time

import tensorflow as tf

num_batches = 20
batch_size = 50
learning_rate = 0.001
model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(10, activation="softmax")])
optimizer = tf.keras.optimizers.Adam(learning_rate=learning_rate)


@tf.function
def train_one_step(X, y):
    with tf.GradientTape() as tape:
        y_pred = model(X)
        loss = tf.keras.losses.sparse_categorical_crossentropy(y_true=y, y_pred=y_pred)
        loss = tf.reduce_mean(loss)
        tf.print("loss", loss)
    grads = tape.gradient(loss, model.variables)
    optimizer.apply_gradients(grads_and_vars=zip(grads, model.variables))


start_time = time.time()
for batch_index in range(num_batches):
    X = tf.random.uniform((batch_size, 28, 28, 1))
    y = tf.random.uniform((batch_size,), maxval=10, dtype=tf.int32)
    train_one_step(X, y)
end_time = time.time()
