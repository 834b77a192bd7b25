# source: https://www.tensorflow.org/guide/function#executing_python_side_effects
# run: wrong (graph printed 2 lines, eager 5; first difference: 'loss Tensor("Mean:0", shape=(), dtype=float32)' vs 'loss tf.Tensor(2.5, shape=(), dtype=float32)')
# framework: TF
# property: P1
# A custom training loop at module level: the step prints its loss with Python's print.
import tensorflow as tf

w = tf.Variable(2.0)
opt = tf.keras.optimizers.SGD(0.1)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((w * x - y) ** 2)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    print("loss", loss)  # label: ACC401
    return loss


for step in range(4):
    train_step(tf.constant([1.0, 2.0]), tf.constant([3.0, 6.0]))
print("w", round(float(w.numpy()), 3))
