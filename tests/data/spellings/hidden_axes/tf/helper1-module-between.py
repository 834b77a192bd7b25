# spelling: framework=tf what=helper1 who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import numpy as np
import tensorflow as tf

X = tf.constant(1.0)


SCALE = 2.0


def get_scale():
    return SCALE  # read


@tf.function
def f(x):
    return x * get_scale()


print(float(f(X)))
SCALE = 3.0
print(float(f(X)))
