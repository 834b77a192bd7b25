# source: blind58:acc604_tf_fine_variable_attr_2
# framework: TF
# label: none
# The contrastive head keeps its temperature in a tf.Variable and the loop assigns to it: the
# trace reads the variable, not a Python value, so every call uses the current value.
# verify: close(c.losses, e.losses) and c.tf['__call__'] == 1
import tensorflow as tf


class ContrastiveHead(tf.Module):
    def __init__(self):
        super().__init__()
        self.tau = tf.Variable(1.0)

    @tf.function
    def __call__(self, sims):
        return tf.reduce_logsumexp(sims / self.tau)


head = ContrastiveHead()
losses = []
for tau in (1.0, 0.5, 0.1):
    head.tau.assign(tau)
    losses.append(head(tf.constant([1.0, 0.0, -1.0])).numpy())
