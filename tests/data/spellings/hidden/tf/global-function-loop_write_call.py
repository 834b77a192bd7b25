# spelling: framework=tf what=global who=function order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
import tensorflow as tf

X = tf.constant(1.0)


SCALE = 2.0


@tf.function
def f(x):
    return x * SCALE  # read


def set_scale(v):
    global SCALE
    SCALE = v


for v in (2.0, 3.0, 4.0):
    set_scale(v)
    print(float(f(X)))
