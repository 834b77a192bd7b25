# source: blind56:tf_scalar_epoch_arg_1
# framework: TF
# A custom training loop: the Trainer's tf.function `train_step` takes the epoch number (a
# Python int, used for a warmup factor) from the epoch helper. Each new Python scalar is a new
# tf.function signature: one trace per epoch.
# verify: c.tf['train_step'] >= 8
import tensorflow as tf


class Trainer:
    def __init__(self, warmup_epochs=3):
        self.w = tf.Variable(tf.zeros((3, 1)))
        self.opt = tf.keras.optimizers.SGD(0.1)
        self.warmup_epochs = warmup_epochs

    @tf.function
    def train_step(self, x, y, epoch):
        factor = min(1.0, (epoch + 1) / self.warmup_epochs)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((x @ self.w - y) ** 2) * factor
        self.opt.apply_gradients([(tape.gradient(loss, self.w), self.w)])
        return loss

    def run_epoch(self, dataset, epoch):
        for x, y in dataset:
            self.train_step(x, y, epoch)  # label[a]: ACC5


def make_dataset():
    x = tf.random.normal((16, 3), seed=1)
    y = tf.reduce_sum(x, axis=1, keepdims=True)
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(8)


trainer = Trainer()
ds = make_dataset()
for epoch in range(10):
    trainer.run_epoch(ds, epoch)  # label[a]
