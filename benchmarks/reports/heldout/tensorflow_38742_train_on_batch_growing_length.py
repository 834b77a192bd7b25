# source: https://github.com/tensorflow/tensorflow/issues/38742
# framework: TF
# `train_on_batch` is called with inputs of a new length on every pass (`np.ones([1, i])`); in
# TF 2.2 the train function was traced with a fixed batch shape and retraced on every call. The
# report's model sums over the variable axis; Keras 3 refuses TensorFlow ops on symbolic inputs,
# so `tf.math.reduce_sum` is written `keras.ops.sum`. The report's loop ran `range(1, 300)`;
# here `range(1, 30)` to keep the run short. Keras 3 traces its train step with
# `reduce_retracing`: three traces for the 29 lengths, the later ones with the length
# relaxed. Fine today.
# label: none
# verify: c.tf['one_step_on_data'] <= 4
import numpy as np
import tensorflow as tf
from keras import ops

inputs = tf.keras.layers.Input([None])
summed = ops.sum(inputs, axis=1, keepdims=True)
output = tf.keras.layers.Dense(1)(summed)
model = tf.keras.Model(inputs, output)
model.compile(optimizer=tf.optimizers.Adam(), loss=tf.losses.MeanSquaredError())
for i in range(1, 30):
    model.train_on_batch(np.ones([1, i]), np.ones([1]) * i)
