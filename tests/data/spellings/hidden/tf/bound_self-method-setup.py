# spelling: framework=tf what=bound_self who=method order=setup
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Model:
    def __init__(self):
        self.scale = None
        self.step = tf.function(self._step)

    def set_scale(self, v):
        self.scale = v

    def _step(self, x):
        return x * self.scale  # read


obj = Model()


obj.set_scale(3.0)
print(float(obj.step(X)))
print(float(obj.step(X)))
