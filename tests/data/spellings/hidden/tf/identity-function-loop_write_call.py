# spelling: framework=tf what=identity who=function order=loop_write_call
# label: stale (compiled prints 3.0 3.0 3.0; eager prints 3.0 2.0 3.0)
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


def switch(h):
    h.current = h.right if h.current is h.left else h.left


for v in (2.0, 3.0, 4.0):
    switch(H)
    print(float(f(X, H)))
