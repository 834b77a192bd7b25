# source: https://github.com/amirgholami/adahessian/issues/32
# framework: TF
# A static checker's report: `cifar_training` defines the tf.function `step` in its body, and
# run_experiments.py calls `cifar_training` in a loop over experiments, so every experiment makes
# a new tf.function that traces again (the reply: the model is built inside too). The CIFAR
# model is a Dense layer on random data here; the loop runs `num_experiments` trainings of two
# steps each.
# Written from the report's description of the structure (its code is in the linked repository).
# verify: c.tf['step'] >= 8
import tensorflow as tf


def cifar_training(lr, num_steps=2):
    model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(10)])
    optimizer = tf.keras.optimizers.SGD(lr)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function  # label[s]
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    x, y = tf.random.normal((4, 8)), tf.constant([0, 1, 2, 3])
    for _ in range(num_steps):
        loss = step(x, y)  # label[s]: ACC5
    return loss


num_experiments = 10
for experiment in range(num_experiments):
    cifar_training(lr=0.1 / (experiment + 1))  # label[s]
