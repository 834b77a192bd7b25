# spelling: framework=tf what=static_arg who=function order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Config:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v


cfg = Config()


@tf.function
def f(x, c):
    return x * c.scale  # read


def set_scale(o, v):
    o.scale = v


print(float(f(X, cfg)))
set_scale(cfg, 3.0)
print(float(f(X, cfg)))
