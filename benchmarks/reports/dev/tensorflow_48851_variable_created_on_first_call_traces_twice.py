# source: https://github.com/tensorflow/tensorflow/issues/48851
# framework: TF
# A `@tf.function` `__call__` that creates its `tf.Variable` on the first call (`if
# self.count is None`) is traced twice on that call - TF traces again once the variable
# exists, as its guide describes - and never after. The user asked whether that is a bug: it
# is how variable creation in tf.function works. Fine. (The thread's body is cut off after its
# tracing print; the variable creation it describes is written out, the prints removed.)
# label: none
# verify: c.tf['__call__'] <= 2 and close(c.results, e.results)
import tensorflow as tf


class Count:
    def __init__(self):
        self.count = None

    @tf.function
    def __call__(self):
        if self.count is None:
            self.count = tf.Variable(0)
        return self.count.assign_add(1)


counter = Count()
results = [int(counter()) for _ in range(4)]
