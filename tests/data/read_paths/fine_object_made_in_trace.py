# run (jax 0.10.2: compiled and eager both print 2.0 2.0 3.0)
import jax


class Layer:
    def __init__(self):
        self.w = 2.0

    def apply(self, x):
        return x * self.w


@jax.jit
def f(x):
    return Layer().apply(x)


L = Layer()
a = f(1.0)
L.w = 3.0
b = f(1.0)
print(a, b, L.w)
