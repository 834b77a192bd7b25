# spelling: framework=tf what=variable who=assign order=between
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import numpy as np
import tensorflow as tf

X = tf.constant(1.0)


V = tf.Variable(2.0)


@tf.function
def f(x):
    return x * V  # read


print(float(f(X)))
V.assign(3.0)
print(float(f(X)))
