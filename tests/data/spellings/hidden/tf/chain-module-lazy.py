# spelling: framework=tf what=chain who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Inner:
    def __init__(self):
        self.scale = None

    def set_scale(self, v):
        self.scale = v


class Config:
    def __init__(self):
        self.inner = Inner()


cfg = Config()


@tf.function
def f(x, c):
    return x * c.inner.scale  # read


for step in range(3):
    if cfg.inner.scale is None:
        cfg.inner.scale = 3.0
    print(float(f(X, cfg)))
