# source: blind55:tf_tensor_step_fine_1
# framework: TF
# label: none
# The same warmup loop with the step passed as a tensor: one trace for all steps.
# verify: c.tf['train_step'] == 1
import tensorflow as tf

w = tf.Variable(tf.zeros((3, 1)))
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x, y, step):
    warmup = tf.minimum(1.0, (step + 1.0) / 5.0)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((x @ w - y) ** 2) * warmup
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


x, y = tf.ones((8, 3)), tf.ones((8, 1))
for step in range(10):
    loss = train_step(x, y, tf.constant(step, tf.float32))
