# source: https://github.com/tensorflow/tensorflow/issues/34907
# framework: TF
# `model.predict_on_batch(np.ones([i, 1]))` for a batch size growing with the loop variable:
# TF 2.1's `predict_on_batch` traced with the batch size fixed, so every new size retraced.
# Keras 3.15 traces twice, then the batch dimension is relaxed. Fine today. (Sizes 1 to 20 of
# the report's 1 to 299.)
# label: none
# verify: sum(c.tf.values()) <= 2
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(1,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.optimizers.Adam(), loss=tf.losses.MeanSquaredError())

for i in range(1, 21):
    model.predict_on_batch(np.ones([i, 1]))
