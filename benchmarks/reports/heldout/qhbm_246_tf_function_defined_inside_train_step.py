# source: https://github.com/google/qhbm-library/issues/246
# framework: TF
# A static checker's report: `train_step` is called in the training loop and defines the
# `tf.function` `train_inner_step` in its body and calls it, so every call makes a new
# tf.function whose first call traces again. The baseline's model and loss are a Dense layer and
# a squared error here; the loop runs `num_epochs` steps.
# Written from the report's description of the structure (its code is in the linked repository).
# verify: c.tf['train_inner_step'] >= 8
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.1)


def train_step(x, y):
    @tf.function  # label[g]
    def train_inner_step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((model(x) - y) ** 2)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return train_inner_step(x, y)  # label[g]: ACC5


x, y = tf.ones((8, 4)), tf.zeros((8, 1))
num_epochs = 10
for epoch in range(num_epochs):
    loss = train_step(x, y)  # label[g]
