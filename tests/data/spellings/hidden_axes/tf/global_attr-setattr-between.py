# spelling: framework=tf what=global_attr who=setattr order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import numpy as np
import tensorflow as tf

X = tf.constant(1.0)


class State:
    def __init__(self):
        self.scale = 2.0
        self.other = 2.0


STATE = State()


@tf.function
def f(x):
    return x * STATE.scale  # read


print(float(f(X)))
setattr(STATE, "scale", 3.0)
print(float(f(X)))
