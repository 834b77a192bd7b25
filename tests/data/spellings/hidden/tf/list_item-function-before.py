# spelling: framework=tf what=list_item who=function order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


COEFS = [2.0]


@tf.function
def f(x):
    return x * COEFS[0]  # read


def set_scale(v):
    COEFS[:] = [v]


set_scale(3.0)
print(float(f(X)))
print(float(f(X)))
