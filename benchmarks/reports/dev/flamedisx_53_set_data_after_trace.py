# source: https://github.com/FlamTeam/flamedisx/issues/53
# framework: TF
# Written from the description (its code is in the project, not in the thread):
# `Likelihood.set_data` replaces the data tensor held on the source object, but the autographed
# log-likelihood reads `self.source.data_tensor` as a Python attribute: the tensor is captured
# when the function is traced and later calls keep using the old dataset. Names are the
# report's; the likelihood is reduced to a sum.
# verify: not close(c.after, e.after)
import tensorflow as tf


class Source:
    def __init__(self, data):
        self.data_tensor = tf.constant(data)


class Likelihood:
    def __init__(self, data):
        self.source = Source(data)

    def set_data(self, data):
        self.source.data_tensor = tf.constant(data)

    @tf.function
    def log_likelihood(self, params):
        return tf.reduce_sum(self.source.data_tensor * params)  # label[g]: ACC6


lf = Likelihood([1.0, 2.0, 3.0])
before = lf.log_likelihood(tf.constant(1.0))
lf.set_data([10.0, 20.0, 30.0])  # label[g]
after = lf.log_likelihood(tf.constant(1.0))
print(before, after)
