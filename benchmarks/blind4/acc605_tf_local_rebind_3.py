# source: blind58:acc605_tf_local_rebind_3
# framework: TF
# A training function defines its tf.function step once, reading the function's local
# `aux_weight`, then lowers the weight in the epoch loop: the traced step keeps the first.
# verify: not close(c.w_final, e.w_final)
import tensorflow as tf


def train(epochs=4):
    w = tf.Variable([1.0, 1.0])
    aux_weight = 1.0

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * x) + aux_weight * tf.reduce_sum(w ** 2)  # label[a]: ACC605
        w.assign_sub(0.1 * tape.gradient(loss, w))

    for epoch in range(epochs):
        step(tf.constant([1.0, 2.0]))
        aux_weight = aux_weight * 0.1  # label[a]
    return w.numpy()


w_final = train()
