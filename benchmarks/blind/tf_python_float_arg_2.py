# source: blind55:tf_python_float_arg_2
# framework: TF
# A sampler with a tf.function method takes the softmax temperature as a Python float that the
# annealing loop lowers every round: each new float retraces the method.
# verify: c.tf['sample_logits'] >= 8
import tensorflow as tf


class Sampler(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.random.normal((4, 6), seed=1))

    @tf.function
    def sample_logits(self, h, temperature):
        return tf.nn.softmax((h @ self.w) / temperature)


sampler = Sampler()
temperature = 2.0
probs = []
for rnd in range(10):
    probs.append(sampler.sample_logits(tf.ones((1, 4)), temperature))  # label: ACC5
    temperature *= 0.8
