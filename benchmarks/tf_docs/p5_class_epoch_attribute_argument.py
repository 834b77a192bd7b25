# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P5
# A trainer class holds its compiled step and passes its own epoch counter to it.
import tensorflow as tf


class Trainer:
    def __init__(self):
        self.epoch = 0
        self.w = tf.Variable(1.0)
        self.step = tf.function(self._step)

    def _step(self, x, epoch):
        return self.w * x * (0.9 ** epoch)

    def run(self, epochs):
        for _ in range(epochs):
            self.step(tf.constant(1.0), self.epoch)  # label: ACC502
            self.epoch += 1


trainer = Trainer()
trainer.run(8)
print("TRACES", trainer.step.experimental_get_tracing_count(), "OF", 8)
