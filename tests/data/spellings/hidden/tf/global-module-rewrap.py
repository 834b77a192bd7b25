# spelling: framework=tf what=global who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


SCALE = 2.0


def f_impl(x):
    return x * SCALE  # read


f = tf.function(f_impl)


print(float(f(X)))
SCALE = 3.0
f = tf.function(f_impl)
print(float(f(X)))
