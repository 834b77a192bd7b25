# spelling: framework=tf what=object_method who=method order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
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


for v in (2.0, 3.0, 4.0):
    STATE.set_scale(v)
    print(float(f(X)))
