# source: https://github.com/jax-ml/jax/issues/9023
# A method jitted with `self` static reads `self.fn`; reassigning it later does not retrace
# (the hash of `self` is unchanged), so the old function keeps running.
from functools import partial

from jax import jit


class Test:
    @partial(jit, static_argnums=(0,))
    def wrapper(self, x):
        return self.fn(x)  # expect: ACC604

    def assign_fn(self, fn):
        self.fn = fn


t = Test()
t.assign_fn(lambda x: x + 1)
print(t.wrapper(1))
t.assign_fn(lambda x: x + 2)
print(t.wrapper(1))
