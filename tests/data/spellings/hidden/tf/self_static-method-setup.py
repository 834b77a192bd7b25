# spelling: framework=tf what=self_static who=method order=setup
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Model:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v

    @tf.function
    def step(self, x):
        return x * self.scale  # read


obj = Model()


obj.set_scale(3.0)
print(float(obj.step(X)))
print(float(obj.step(X)))
