# source: https://github.com/larq/larq/pull/100
# framework: TF
# "Add layer metrics to replace quant logger callback": `MeanChangedValues.update_state` assigns
# the first values and returns when a Python flag `self._built` is unset, and only later calls
# count the changed values; the reviewer doubts it: "it assumes the op is executed only once
# and `update_state` is called again every time. In eager execution I guess this is fine".
# Reduced with Keras 3: the metric is updated in `fit`'s traced step, where the flag is read
# while tracing. Keras traces the step twice (the optimizer builds its variables in the first
# trace): the first trace flips the flag, the kept graph never takes the store-first branch, so
# the first step compares against zeros and the mean differs from the eager run's (0.375 against
# 0.286: the eager run stores first and counts 7 steps). Keras 3's `update_state` returns nothing, so the
# PR's `tf.control_dependencies` on its result is dropped.
# verify: not close(c.result, e.result)
import numpy as np
import tensorflow as tf
from tensorflow import keras


class MeanChangedValues(keras.metrics.Mean):
    def __init__(self, values_shape, values_dtype="int8", name="flip_ratio", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.values_dtype = tf.as_dtype(values_dtype)
        self._previous_values = self.add_variable(shape=values_shape, dtype=self.values_dtype, initializer="zeros", name="previous_values")
        self._size = int(np.prod(values_shape))
        self._built = False

    def update_state(self, values, sample_weight=None):
        values = tf.cast(values, self.values_dtype)
        if not self._built:  # label[b]: ACC4
            self._built = True  # label[b]
            return self._previous_values.assign(values)
        changed_values = tf.math.count_nonzero(tf.equal(self._previous_values, values))
        super(MeanChangedValues, self).update_state(
            1 - (tf.cast(changed_values, self.dtype) / self._size)
        )
        return self._previous_values.assign(values)


class FlipRatioModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(2)
        self.flip_ratio = MeanChangedValues((3, 2))

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.flip_ratio.update_state(tf.sign(self.dense.kernel))
        return {"loss": loss, "flip_ratio": self.flip_ratio.result()}


keras.utils.set_random_seed(0)
model = FlipRatioModel()
model.compile(optimizer=keras.optimizers.SGD(1.0))
x = np.random.RandomState(0).randn(16, 3).astype(np.float32)
y = np.random.RandomState(1).randn(16, 2).astype(np.float32) * 5
model.fit(x, y, epochs=1, batch_size=2, verbose=0)
result = float(model.flip_ratio.result())
print(result)
