# framework: TF
# verify: c.tf['step'] == 2
# verify: c.calls == 2
"""A tf.function method called on an instance that is gone when the run ends: its traces (one
per distinct input shape, two here) live in the copy bound to that instance."""
import tensorflow as tf


class Scaler:
    @tf.function
    def step(self, x):
        return x * 2.0


def main():
    scaler = Scaler()
    scaler.step(tf.ones([2]))
    scaler.step(tf.ones([3]))
    return 2


calls = main()
