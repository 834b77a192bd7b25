# spelling: framework=tf what=list_item who=function order=after
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import tensorflow as tf

X = tf.constant(1.0)


COEFS = [2.0]


@tf.function
def f(x):
    return x * COEFS[0]  # read


def set_scale(v):
    COEFS[:] = [v]


print(float(f(X)))
print(float(f(X)))
set_scale(3.0)
