# source: blind55:tf_python_step_arg_1
# framework: TF
# A custom training loop passes the Python step counter to the tf.function (for a warmup
# schedule inside it): a Python int is part of tf.function's cache key, so every step retraces.
# verify: c.tf['train_step'] >= 8
import tensorflow as tf

w = tf.Variable(tf.zeros((3, 1)))
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x, y, step):
    warmup = tf.minimum(1.0, (step + 1) / 5)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((x @ w - y) ** 2) * warmup
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


x, y = tf.ones((8, 3)), tf.ones((8, 1))
for step in range(10):
    loss = train_step(x, y, step)  # label: ACC5
