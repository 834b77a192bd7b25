# spelling: framework=tf what=object_method who=method order=setup
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class State:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v

    def value(self):
        return self.scale  # read


STATE = State()


@tf.function
def f(x):
    return x * STATE.value()


STATE.set_scale(3.0)
print(float(f(X)))
print(float(f(X)))
