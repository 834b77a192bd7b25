# source: blind55:tf_counter_in_function_2
# framework: TF
# A trainer counts its optimisation steps with `self.steps += 1` inside the tf.function step,
# for the checkpoint schedule; the Python counter moves only when the step is traced.
# verify: c.steps_done == 1 and e.steps_done == 6
import tensorflow as tf


class Trainer(tf.Module):
    def __init__(self):
        self.w = tf.Variable(1.0)
        self.steps = 0

    @tf.function
    def step(self, x):
        self.steps += 1  # label: ACC4
        self.w.assign_sub(0.01 * x)
        return self.w


trainer = Trainer()
for i in range(6):
    trainer.step(tf.constant(1.0))
steps_done = trainer.steps
