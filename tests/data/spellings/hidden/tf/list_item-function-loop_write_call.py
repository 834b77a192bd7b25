# spelling: framework=tf what=list_item who=function order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
import tensorflow as tf

X = tf.constant(1.0)


COEFS = [2.0]


@tf.function
def f(x):
    return x * COEFS[0]  # read


def set_scale(v):
    COEFS[:] = [v]


for v in (2.0, 3.0, 4.0):
    set_scale(v)
    print(float(f(X)))
