# spelling: framework=tf what=self_static who=module order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
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


obj.scale = 3.0
print(float(obj.step(X)))
print(float(obj.step(X)))
