# source: blind56:tf_train_step_variable_counter_fine_1
# framework: TF
# label: none
# The same checkpoint counter held in a tf.Variable and bumped with `assign_add` inside the
# traced step: the increment is a graph op, so it runs on every step.
# verify: c.steps == e.steps == 6
import tensorflow as tf


class CheckpointingTrainer:
    def __init__(self, every=2):
        self.w = tf.Variable(tf.zeros((2, 1)))
        self.steps = tf.Variable(0, trainable=False)
        self.every = every

    @tf.function
    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((x @ self.w - y) ** 2)
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        self.steps.assign_add(1)
        return loss

    def should_checkpoint(self):
        return int(self.steps) % self.every == 0


trainer = CheckpointingTrainer()
for _ in range(6):
    trainer.train_step(tf.ones((4, 2)), tf.ones((4, 1)))
steps = int(trainer.steps)
