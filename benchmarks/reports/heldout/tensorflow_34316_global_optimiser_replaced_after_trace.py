# source: https://github.com/tensorflow/tensorflow/issues/34316
# framework: TF
# "tf.function issue after replacing the optimiser": a `tf.function` `train()` reads the global
# `optimiser`; the reporter trains "using multiple optimisers" by rebinding the global to a new
# `Adam` between calls. `train` takes no argument, so the second call reuses the first trace,
# built with the first optimiser (TF 2.1 raised instead). The report's model and step, the
# second optimiser with another learning rate; eagerly the second steps use it.
# verify: not close(c.after, e.after)
import tensorflow as tf


class MyModel(tf.keras.Model):
    def __init__(self):
        super(MyModel, self).__init__()

        self.x = self.add_weight(shape=[1,], dtype=tf.float32, initializer="ones")

    def call(self, inputs):
        return inputs * self.x


model = MyModel()
optimiser = tf.keras.optimizers.Adam(0.1)


@tf.function
def train():
    with tf.GradientTape() as tape:
        output = model(tf.constant([1.0]))
        loss = output

    grads = tape.gradient(loss, model.trainable_variables)
    optimiser.apply_gradients(zip(grads, model.trainable_variables))  # label[g]


train()
print('First call')
optimiser = tf.keras.optimizers.Adam(0.5)  # label[g]: ACC6
for _ in range(3):
    train()
after = model.x.numpy()
print(after)
