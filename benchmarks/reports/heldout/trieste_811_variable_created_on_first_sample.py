# source: https://github.com/secondmind-labs/trieste/issues/811
# framework: TF
# label: none
# "IndependentReparametrizationSampler.sample method creates a tf.Variable": `sample` does
# `if self._eps is None: self._eps = tf.Variable(sample_eps())` on its first call; "if a
# tf.Variable is created within a tf.function it causes the function to be traced (compiled)
# twice in a row, which affects speed". Reduced to the sampler's lazy variable and a tf.function
# acquisition that calls it, evaluated at ten batches of the same shape: two traces, then none -
# a bounded cost, and the results match the eager run.
# verify: c.tf['acquisition'] <= 2 and close(c.values, e.values)
import tensorflow as tf

tf.random.set_seed(0)


class IndependentReparametrizationSampler:
    def __init__(self, sample_size):
        self._sample_size = sample_size
        self._eps = None

    def sample(self, mean, var):
        def sample_eps():
            return tf.random.normal([self._sample_size, 1], seed=1)

        if self._eps is None:
            self._eps = tf.Variable(sample_eps())
        return mean + tf.sqrt(var) * self._eps


sampler = IndependentReparametrizationSampler(16)


@tf.function
def acquisition(x):
    mean, var = tf.reduce_mean(x, axis=-1), tf.math.reduce_variance(x, axis=-1) + 1.0
    return tf.reduce_mean(sampler.sample(mean, var), axis=0)


values = [acquisition(tf.fill([4, 3], float(i))).numpy() for i in range(10)]
print(values[-1])
