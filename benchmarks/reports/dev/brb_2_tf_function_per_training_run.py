# source: https://github.com/Eriri/brb/issues/2
# framework: TF
# A static checker reported `dist_train_step`, a tf.function defined inside `training()`, which
# `main` calls once per fold: "a new graph every time". Each call builds a new model and trains
# it for every batch of many epochs with that one tf.function: one trace per model, reused for
# the whole run. Fine. Reduced: no MirroredStrategy, a Dense model, 2 epochs of 4 batches.
# label: none
# verify: c.tf['dist_train_step'] <= 6
import numpy as np
import tensorflow as tf


def training(res_dim, x, y, bs=4, ep=2):
    ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(bs).repeat(ep)
    model = tf.keras.Sequential([tf.keras.Input((x.shape[1],)), tf.keras.layers.Dense(res_dim)])
    opt, tv = tf.optimizers.Adam(), model.trainable_variables

    def train_step(x, y):
        with tf.GradientTape(persistent=True) as gt:
            loss = tf.reduce_mean(tf.keras.losses.categorical_crossentropy(y, model(x)))
        opt.apply_gradients(zip(gt.gradient(loss, tv), tv))
        return loss

    @tf.function
    def dist_train_step(x, y):
        return train_step(x, y)

    for step, (x, y) in enumerate(ds):
        loss = dist_train_step(x, y)
    return model


def main():
    data = np.random.rand(16, 3).astype("float32")
    target = np.random.randint(0, 2, 16)
    for en in range(3):
        model = training(2, data, np.eye(2)[target].astype("float32"))
        test_pred = tf.math.argmax(model(data), -1)


main()
