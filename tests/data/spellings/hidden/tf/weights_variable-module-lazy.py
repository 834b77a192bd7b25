# spelling: framework=tf what=weights_variable who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Model:
    def __init__(self):
        self.weights = None

    def set_scale(self, v):
        self.weights = tf.Variable(v)

    @tf.function
    def step(self, x):
        return x * self.weights  # read


obj = Model()


for step in range(3):
    if obj.weights is None:
        obj.weights = tf.Variable(3.0)
    print(float(obj.step(X)))
