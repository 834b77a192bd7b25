# source: blind58:acc604_tf_setattr_temperature_2
# framework: TF
# A contrastive head's tf.function method reads a Python float `self.tau`; an experiment loop
# writes new values through setattr from a config dict. The traced step keeps the first tau.
# verify: not close(c.losses, e.losses)
import tensorflow as tf


class ContrastiveHead(tf.Module):
    def __init__(self):
        super().__init__()
        self.tau = 1.0

    @tf.function
    def __call__(self, sims):
        return tf.reduce_logsumexp(sims / self.tau)  # label[a]: ACC604


head = ContrastiveHead()
losses = []
for overrides in ({"tau": 1.0}, {"tau": 0.5}, {"tau": 0.1}):
    for name, value in overrides.items():
        setattr(head, name, value)  # label[a]
    losses.append(head(tf.constant([1.0, 0.0, -1.0])).numpy())
