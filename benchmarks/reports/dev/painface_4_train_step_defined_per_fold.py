# source: https://github.com/sofiabroome/painface-recognition/issues/4
# framework: TF
# DLPerf's report: `video_level_train` defines the tf.functions `train_step` and
# `validation_step` inside it, and the cross-validation sweep calls `video_level_train` once per
# fold in a loop, so every fold builds new tf.functions and traces them again. The repository's
# train.py is cut to the structure (a two-input model, the tape step, an epoch loop); the data,
# W&B logging, checkpoints and early stopping are left out, and the model is a small stand-in.
# Checked: four folds trace `train_step` eight times (twice per fold: its first call makes the
# optimizer's variables) and `validation_step` four times.
# Label: fine look-alike (relabelled stop 54). Every fold builds a new model and a new optimizer
# the steps close over, so each fold's trace is a compile per configuration (ACC501's own rule: a
# wrapper applied anew to a callable that reads what the pass binds), not one a fix removes: the
# steps hoisted to module level with the model and optimizer as arguments trace once per fold
# too (validation 4 traces for 4 models) and the hoisted train step cannot take a second fold's
# new optimizer at all (ValueError: a tf.function creates variables only on its first trace).
# Run: benchmarks/framework_runs.py tf_function_new_model_per_fold (TF 2.21 / Keras 3.15).
# label: none
# verify: c.tf['train_step'] == 8 and c.tf['validation_step'] == 4
import numpy as np
import tensorflow as tf


def build_model():
    x_in = tf.keras.Input((8,))
    p_in = tf.keras.Input((2,))
    h = tf.keras.layers.Concatenate()([x_in, p_in])
    out = tf.keras.layers.Dense(2, activation="sigmoid")(h)
    return tf.keras.Model([x_in, p_in], out)


def video_level_train(model, config_dict, train_dataset, val_dataset=None):
    loss_fn = tf.keras.losses.BinaryCrossentropy()
    optimizer = tf.keras.optimizers.RMSprop(learning_rate=config_dict["lr"])

    @tf.function
    def train_step(x, preds, y):
        with tf.GradientTape() as tape:
            preds = model([x, preds], training=True)
            y = y[:, 0, :]
            loss = loss_fn(y, preds)
        grads = tape.gradient(loss, model.trainable_weights)
        optimizer.apply_gradients(zip(grads, model.trainable_weights))
        return loss

    @tf.function
    def validation_step(x, preds, y):
        preds = model([x, preds], training=False)
        return loss_fn(y[:, 0, :], preds)

    for epoch in range(config_dict["nb_epochs"]):
        for x, preds, y in train_dataset:
            train_step(x, preds, y)
        for x, preds, y in val_dataset:
            validation_step(x, preds, y)


def make_dataset(n):
    rng = np.random.default_rng(n)
    x = rng.random((n, 8), dtype=np.float32)
    p = rng.random((n, 2), dtype=np.float32)
    y = (rng.random((n, 1, 2)) > 0.5).astype(np.float32)
    return tf.data.Dataset.from_tensor_slices((x, p, y)).batch(4, drop_remainder=True)


config_dict = {"lr": 1e-3, "nb_epochs": 2}
for fold in range(4):
    model = build_model()
    video_level_train(model, config_dict, make_dataset(16), make_dataset(8))
