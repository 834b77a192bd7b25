# source: https://github.com/jax-ml/jax/issues/19570
# framework: JAX
# `jax.jit(foo.f)` applied again to the same object's method: each `foo.f` is a new bound-method
# object and jit's cache is keyed on it, so every application traces again (the report's
# assertion fails on the second `.lower()`). The two calls are a loop of three here, and the
# assertion a counter.
# verify: c.foo.f_traced >= 3
import jax


class Foo:
    def __init__(self):
        self.f_traced = 0

    def f(self):
        print("f")
        self.f_traced += 1


foo = Foo()
for _ in range(3):
    jax.jit(foo.f).lower()  # label: ACC5
