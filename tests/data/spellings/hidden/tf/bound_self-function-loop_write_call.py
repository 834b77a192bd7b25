# spelling: framework=tf what=bound_self who=function order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
import tensorflow as tf

X = tf.constant(1.0)


class Model:
    def __init__(self):
        self.scale = 2.0
        self.step = tf.function(self._step)

    def set_scale(self, v):
        self.scale = v

    def _step(self, x):
        return x * self.scale  # read


obj = Model()


def set_scale(o, v):
    o.scale = v


for v in (2.0, 3.0, 4.0):
    set_scale(obj, v)
    print(float(obj.step(X)))
