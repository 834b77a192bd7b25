# source: blind58:acc501_tf_fine_memoised_wrapper_2
# framework: TF
# label: none
# A registry builds a tf.function per activation name the first time it is asked and returns
# the same object afterwards: three names over twelve batches trace three times.
# verify: 1 <= c.tf['apply'] <= 3
import tensorflow as tf

ACTIVATIONS = {"relu": tf.nn.relu, "tanh": tf.tanh, "sigmoid": tf.sigmoid}


class Registry:
    def __init__(self):
        self._made = {}

    def get(self, name):
        if name not in self._made:
            act = ACTIVATIONS[name]

            def apply(x):
                return act(x) * 2.0
            self._made[name] = tf.function(apply)
        return self._made[name]


registry = Registry()
names = ["relu", "tanh", "sigmoid"]
outs = [registry.get(names[i % 3])(tf.ones([4]) * i) for i in range(12)]
