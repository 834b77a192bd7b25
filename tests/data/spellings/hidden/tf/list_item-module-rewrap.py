# spelling: framework=tf what=list_item who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


COEFS = [2.0]


def f_impl(x):
    return x * COEFS[0]  # read


f = tf.function(f_impl)


print(float(f(X)))
COEFS[0] = 3.0
f = tf.function(f_impl)
print(float(f(X)))
