# source: https://github.com/keras-team/keras-cv/pull/474
# framework: TF
# KerasCV's StochasticDepth layer: in `call(x, training)` it draws
# `tf.random.uniform([], 0, 1) > rate` (a TF op) to keep or drop the residual branch. Inside the
# compiled train step the TF random op runs at every step, so the decision changes from step
# to step. Run under a tf.function as fit's step would: several different outputs. Fine.
# label: none
# verify: len(set(c.outs)) > 1
import tensorflow as tf


class StochasticDepth(tf.keras.layers.Layer):
    def __init__(self, rate=0.5, **kwargs):
        super().__init__(**kwargs)
        self.rate = rate
        self.survival_probability = 1.0 - self.rate

    def call(self, x, training=None):
        shortcut, residual = x
        if training:
            b_l = tf.cast(tf.random.uniform([], 0, 1) > self.rate, residual.dtype)
            return shortcut + b_l * residual
        return shortcut + self.survival_probability * residual


layer = StochasticDepth(0.5)
step = tf.function(lambda a, b: layer([a, b], training=True))
a = tf.zeros((2, 2))
b = tf.ones((2, 2))
outs = [float(step(a, b).numpy().sum()) for _ in range(12)]
print(outs)
