# source: https://www.tensorflow.org/guide/function#rules_of_tracing
# run: storm (8 traces in 8 calls)
# framework: TF
# property: P6
# A factory returns a compiled loss; the training loop asks the factory for it on every batch.
import tensorflow as tf


def make_loss(weight):
    @tf.function
    def loss(y, p):
        return weight * tf.reduce_mean((y - p) ** 2)

    return loss


traces = 0
for batch in range(8):
    loss = make_loss(0.5)
    loss(tf.ones([2]), tf.zeros([2]))  # label: ACC501
    traces += loss.experimental_get_tracing_count()
print("TRACES", traces, "OF", 8)
