# source: https://github.com/YosefLab/epitome/issues/51
# framework: TF
# "Loss is not printed because print statement is in tf.function": the training loop of
# epitome's `train` (the repository's version of the time) is a tf.function, `loopiter`, and
# logs every 100 steps with `tf.compat.v1.logging.info(str(...))`. The call runs once, while the
# loop is traced, and logs the symbolic tensors (`Tensor("Mean_3:0", ...)`). Model and data
# reduced to a variable and a range; a handler keeps what is logged.
# verify: len(c.logged) == 1 and "Tensor(" in c.logged[0] and len(e.logged) == 3
import logging

import tensorflow as tf

logged = []


class Keep(logging.Handler):
    def emit(self, record):
        logged.append(record.getMessage())


tf.get_logger().addHandler(Keep())
tf.get_logger().setLevel(logging.INFO)
w = tf.Variable(1.0)
train_iter = tf.data.Dataset.range(300)


def train_step(f):
    loss = tf.cast(f, tf.float32) * w
    return loss, loss * 2, loss * 3


@tf.function
def loopiter():
    for step, f in enumerate(train_iter):
        loss = train_step(f)
        if step % 100 == 0:
            tf.compat.v1.logging.info(str(step) + " " + str(tf.reduce_mean(loss[0])) +  # label: ACC4
                                      str(tf.reduce_mean(loss[1])) +
                                      str(tf.reduce_mean(loss[2])))


loopiter()
