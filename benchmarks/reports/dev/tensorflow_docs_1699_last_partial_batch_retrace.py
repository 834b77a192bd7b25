# source: https://github.com/tensorflow/docs/pull/1699
# framework: TF
# label: none
# A docs pull request proposed `drop_remainder=True` in a tutorial's `tf.data` batching, because
# fixed shapes are needed on TPUs; the reviewer answered that "the `tf.function` will just retrace
# new shapes". Reduced to a tutorial-style custom training loop over 10 examples in batches of 4
# for 3 epochs: the train step traces once for the full batches and once for the last batch of 2,
# then reuses both: 2 traces for 9 calls, and the losses equal eager's.
# verify: c.tf['train_step'] == 2 and close(c.losses, e.losses)
import numpy as np
import tensorflow as tf

tf.random.set_seed(0)
x = np.linspace(0, 1, 10, dtype="float32")[:, None]
y = 3 * x + 1
dataset = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)
w = tf.Variable([[0.5]])
b = tf.Variable([0.0])
optimizer = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(xb, yb):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((xb @ w + b - yb) ** 2)
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    return loss


losses = []
for epoch in range(3):
    for xb, yb in dataset:
        losses.append(float(train_step(xb, yb)))
print(losses[-1])
