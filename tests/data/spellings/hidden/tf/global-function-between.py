# spelling: framework=tf what=global who=function order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


SCALE = 2.0


@tf.function
def f(x):
    return x * SCALE  # read


def set_scale(v):
    global SCALE
    SCALE = v


print(float(f(X)))
set_scale(3.0)
print(float(f(X)))
