# source: https://github.com/RektPunk/mcqrnn
# framework: TF
# label: none
# mcqrnn's training (mcqrnn/train.py): `@tf.function def train_step(model, inputs: np.ndarray,
# output: np.ndarray, tau: np.ndarray, loss_func, optimizer)`, called once per epoch with the
# same NumPy arrays. A NumPy array passed to a tf.function is converted to a tensor and keyed by
# its shape and dtype, not its values, and the model, loss and optimizer are the same objects on
# every call: the step traces at most twice for all 10 epochs (the second trace is TF's retrace
# after Keras 3's optimizer created its variables in the first), and the losses equal eager's. (The model is reduced to a
# small monotone-in-tau network.)
# verify: c.tf['train_step'] <= 2 and close(c.losses, e.losses)
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(0)


class QuantileNet(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="sigmoid")
        self.out = tf.keras.layers.Dense(1)

    def call(self, inputs, tau):
        return self.out(self.hidden(tf.concat([inputs, tau], axis=1)))


class TiltedAbsoluteLoss(tf.keras.losses.Loss):
    def __init__(self, tau):
        super().__init__()
        self.tau = tf.constant(tau, dtype=tf.float32)

    def call(self, y_true, y_pred):
        err = y_true - y_pred
        return tf.reduce_mean(tf.maximum(self.tau * err, (self.tau - 1) * err))


@tf.function
def train_step(model, inputs, output, tau, loss_func, optimizer):
    with tf.GradientTape(persistent=True) as tape:
        predicted = model(inputs, tau)
        loss = loss_func(output, predicted)
    grad = tape.gradient(loss, model.weights)
    optimizer.apply_gradients(zip(grad, model.weights))
    return loss


x = np.random.rand(30, 2).astype("float32")
y = (x.sum(axis=1, keepdims=True) + np.random.rand(30, 1)).astype("float32")
tau = np.repeat(np.array([[0.1], [0.5], [0.9]], dtype="float32"), 10, axis=0)
model = QuantileNet()
loss_func = TiltedAbsoluteLoss(tau)
optimizer = tf.keras.optimizers.Adam(0.05)
losses = []
for epoch in range(10):
    losses.append(float(train_step(model, x, y, tau, loss_func, optimizer)))
print(losses[-1])
