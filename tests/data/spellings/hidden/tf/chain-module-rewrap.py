# spelling: framework=tf what=chain who=module order=rewrap
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Inner:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


class Config:
    def __init__(self):
        self.inner = Inner()


cfg = Config()


def f_impl(x, c):
    return x * c.inner.scale  # read


f = tf.function(f_impl)


print(float(f(X, cfg)))
cfg.inner.scale = 3.0
f = tf.function(f_impl)
print(float(f(X, cfg)))
