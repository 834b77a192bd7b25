# spelling: framework=tf what=object_method who=function order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class State:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


STATE = State()


@tf.function
def f(x):
    return x * STATE.value()


def set_scale(o, v):
    o.scale = v


print(float(f(X)))
set_scale(STATE, 3.0)
print(float(f(X)))
