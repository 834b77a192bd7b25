# spelling: framework=tf what=identity who=module order=between
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
import tensorflow as tf

X = tf.constant(1.0)


class Holder:
    def __init__(self):
        self.left = object()
        self.right = object()
        self.current = self.left

    def switch(self):
        self.current = self.right if self.current is self.left else self.left


H = Holder()


@tf.function
def f(x, h):
    return x * (2.0 if h.current is h.left else 3.0)  # read


print(float(f(X, H)))
H.current = H.right if H.current is H.left else H.left
print(float(f(X, H)))
