# spelling: framework=tf what=identity who=method order=setup
# label: fine (compiled prints 2.0 2.0; eager prints 2.0 2.0)
import tensorflow as tf

X = tf.constant(1.0)


class Holder:
    def __init__(self):
        self.left = object()
        self.right = object()
        self.current = None

    def switch(self):
        self.current = self.right if self.current is self.left else self.left


H = Holder()


@tf.function
def f(x, h):
    return x * (2.0 if h.current is h.left else 3.0)  # read


H.switch()
print(float(f(X, H)))
print(float(f(X, H)))
