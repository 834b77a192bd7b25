# source: blind56:tf_train_step_counter_2
# framework: TF
# A custom training loop counts optimizer steps in a Python attribute (`self.steps += 1`)
# inside its tf.function step, to drive a checkpoint interval. The increment runs while
# tracing only: after 6 steps the counter reads 1.
# verify: c.steps != e.steps
import tensorflow as tf


class CheckpointingTrainer:
    def __init__(self, every=2):
        self.w = tf.Variable(tf.zeros((2, 1)))
        self.steps = 0
        self.every = every

    @tf.function
    def train_step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((x @ self.w - y) ** 2)
        self.w.assign_sub(0.1 * tape.gradient(loss, self.w))
        self.steps += 1  # label: ACC4
        return loss

    def should_checkpoint(self):
        return self.steps % self.every == 0


trainer = CheckpointingTrainer()
for _ in range(6):
    trainer.train_step(tf.ones((4, 2)), tf.ones((4, 1)))
steps = trainer.steps
