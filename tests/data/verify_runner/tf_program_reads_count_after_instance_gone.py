# framework: TF
# verify: c.traces <= 1
"""The program itself reads a method's count through its class, after calling it on instances
that are gone: 0, so a bounded check on it proves nothing."""
import tensorflow as tf


class Scaler:
    @tf.function
    def step(self, x):
        return x * 2.0


def run():
    for n in range(2, 6):
        Scaler().step(tf.ones([n]))


run()
traces = Scaler.step.experimental_get_tracing_count()
