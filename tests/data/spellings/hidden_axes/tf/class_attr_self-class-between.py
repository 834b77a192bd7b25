# spelling: framework=tf what=class_attr_self who=class order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import numpy as np
import tensorflow as tf

X = tf.constant(1.0)


class Model:
    scale = 2.0

    @tf.function
    def step(self, x):
        return x * self.scale  # read


obj = Model()
print(float(obj.step(X)))
Model.scale = 3.0
print(float(obj.step(X)))
