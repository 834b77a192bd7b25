# source: blind57:tf_padded_batch_shape_2
# framework: TF
# A bucketing collate in plain Python pads each batch of sentences to the batch's longest
# and a Trainer calls its tf.function loss on it; every new width retraces.
# verify: c.trainer.loss_fn.experimental_get_tracing_count() >= 8
import numpy as np
import tensorflow as tf


def collate(sentences, pad=0):
    width = max(len(s) for s in sentences)
    return np.array([s + [pad] * (width - len(s)) for s in sentences], dtype=np.float32)


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
        return self.loss_fn(tf.convert_to_tensor(batch))  # label: ACC5

    def run(self, loader):
        return [float(self.evaluate(b)) for b in loader]


trainer = Trainer()
losses = trainer.run(batches(10))
