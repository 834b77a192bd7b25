# spelling: framework=tf what=list_item who=function order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


COEFS = [None]


@tf.function
def f(x):
    return x * COEFS[0]  # read


def set_scale(v):
    COEFS[:] = [v]


for step in range(3):
    if COEFS[0] is None:
        set_scale(3.0)
    print(float(f(X)))
