# source: blind55:tf_counter_variable_fine_2
# framework: TF
# label: none
# The step counter kept in a tf.Variable and incremented with assign_add inside the tf.function:
# it counts every step.
# verify: c.steps_done == 6
import tensorflow as tf


class Trainer(tf.Module):
    def __init__(self):
        self.w = tf.Variable(1.0)
        self.steps = tf.Variable(0)

    @tf.function
    def step(self, x):
        self.steps.assign_add(1)
        self.w.assign_sub(0.01 * x)
        return self.w


trainer = Trainer()
for i in range(6):
    trainer.step(tf.constant(1.0))
steps_done = int(trainer.steps.numpy())
