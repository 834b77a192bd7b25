# source: https://www.tensorflow.org/guide/function#changing_python_global_and_free_variables
# run: wrong (graph printed 2 lines, eager 2; first difference: '2.0' vs '1.0')
# framework: TF
# property: P3
# A class holding a tf.function reads a module-level config dict that the driver edits.
import tensorflow as tf

CONFIG = {"temperature": 1.0}


class Sampler:
    @tf.function
    def logits(self, x):
        return x / CONFIG["temperature"]  # label[g]: ACC6


sampler = Sampler()
print(float(sampler.logits(tf.constant(2.0))))
CONFIG["temperature"] = 2.0  # label[g]
print(float(sampler.logits(tf.constant(2.0))))
