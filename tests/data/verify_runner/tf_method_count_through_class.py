# framework: TF
# verify: c.Scaler.step.experimental_get_tracing_count() <= 1
"""A bounded-count check taken through the class: the class's tf.function never traces (its
instances' bound copies do), so it reads 0 and the check cannot fail."""
import tensorflow as tf


class Scaler:
    @tf.function
    def step(self, x):
        return x * 2.0


scaler = Scaler()
for n in range(2, 6):
    scaler.step(tf.ones([n]))
