# run (jax 0.10.2: compiled prints 2.0 2.0; eager prints 2.0 3.0)
import jax


class Inner:
    def __init__(self):
        self.scale = 2.0

    def set_scale(self, v):
        self.scale = v

    def apply(self, x):
        return x * self.scale  # read


class Outer:
    def __init__(self, inner):
        self._inner = inner
        self.step = jax.jit(self._step)

    def _step(self, x):
        return self._inner.apply(x)


inner = Inner()
outer = Outer(inner)
a = outer.step(1.0)
inner.set_scale(3.0)
b = outer.step(1.0)
print(a, b)
