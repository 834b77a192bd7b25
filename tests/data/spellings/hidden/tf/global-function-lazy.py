# spelling: framework=tf what=global who=function order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


SCALE = None


@tf.function
def f(x):
    return x * SCALE  # read


def set_scale(v):
    global SCALE
    SCALE = v


for step in range(3):
    if SCALE is None:
        set_scale(3.0)
    print(float(f(X)))
