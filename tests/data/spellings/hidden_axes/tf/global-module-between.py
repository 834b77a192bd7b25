# spelling: framework=tf what=global who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import numpy as np
import tensorflow as tf

X = tf.constant(1.0)


SCALE = 2.0


@tf.function
def f(x):
    return x * SCALE  # read


print(float(f(X)))
SCALE = 3.0
print(float(f(X)))
