# spelling: framework=tf what=weights_variable who=method order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
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


print(float(obj.step(X)))
print(float(obj.step(X)))
obj.set_scale(3.0)
