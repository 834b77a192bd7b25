# spelling: framework=tf what=object_method who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
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


def f_impl(x):
    return x * STATE.value()


f = tf.function(f_impl)


print(float(f(X)))
STATE.scale = 3.0
f = tf.function(f_impl)
print(float(f(X)))
