# source: https://github.com/jax-ml/jax/issues/5595
# framework: JAX
# `self.f = jax.jit(self.f)` in `__init__` works, where `@jit` on the method fails ("not a valid
# JAX type"). The bound method is wrapped once per object and nothing it reads changes: fine.
# label: none
# verify: c.jax['f'] == 1
import jax


class A1:
    def __init__(self):
        self.f = jax.jit(self.f)
        pass

    def f(self, x):
        return x


a = A1()
print(a.f(5))
print(a.f(6))
