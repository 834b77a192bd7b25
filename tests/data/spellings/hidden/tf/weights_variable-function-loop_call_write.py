# spelling: framework=tf what=weights_variable who=function order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Model:
    def __init__(self):
        self.weights = tf.Variable(2.0)

    def set_scale(self, v):
        self.weights = tf.Variable(v)

    @tf.function
    def step(self, x):
        return x * self.weights  # read


obj = Model()


def set_scale(o, v):
    o.weights = tf.Variable(v)


for v in (3.0, 4.0):
    print(float(obj.step(X)))
    set_scale(obj, v)
