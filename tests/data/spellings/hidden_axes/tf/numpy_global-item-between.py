# spelling: framework=tf what=numpy_global who=item order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import numpy as np
import tensorflow as tf

X = tf.constant(1.0)


A = np.array([2.0], dtype=np.float32)


@tf.function
def f(x):
    return x * A[0]  # read


print(float(f(X)))
A[0] = 3.0
print(float(f(X)))
