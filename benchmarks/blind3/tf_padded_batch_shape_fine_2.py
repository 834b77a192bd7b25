# source: blind57:tf_padded_batch_shape_fine_2
# framework: TF
# label: none
# The plain-Python collate pads every batch to a fixed maximum length, so the tf.function
# loss always sees one shape and traces once.
# verify: c.trainer.loss_fn.experimental_get_tracing_count() == 1
import numpy as np
import tensorflow as tf

MAX_LEN = 16


def collate(sentences, pad=0):
    return np.array([s + [pad] * (MAX_LEN - len(s)) for s in sentences], dtype=np.float32)


def batches(n_batches):
    for i in range(n_batches):
        yield collate([[1] * (i + 2), [2] * (i + 1)])


class Trainer:
    def __init__(self):
        self.scale = tf.Variable(1.0)

    @tf.function
    def loss_fn(self, batch):
        return tf.reduce_mean(batch * self.scale)

    def evaluate(self, batch):
        return self.loss_fn(tf.convert_to_tensor(batch))

    def run(self, loader):
        return [float(self.evaluate(b)) for b in loader]


trainer = Trainer()
losses = trainer.run(batches(10))
