# spelling: framework=tf what=self_static who=function order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Model:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    @tf.function
    def step(self, x):
        return x * self.scale  # read


obj = Model()


def set_scale(o, v):
    o.scale = v


print(float(obj.step(X)))
set_scale(obj, 3.0)
print(float(obj.step(X)))
