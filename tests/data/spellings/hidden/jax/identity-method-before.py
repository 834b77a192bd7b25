# spelling: framework=jax what=identity who=method order=before
# label: fine (compiled prints 3.0 3.0; eager prints 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Holder:
    def __init__(self):
        self.left = object()
        self.right = object()
        self.current = self.left

    def switch(self):
        self.current = self.right if self.current is self.left else self.left


H = Holder()


@partial(jax.jit, static_argnums=1)
def f(x, h):
    return x * (2.0 if h.current is h.left else 3.0)  # read


H.switch()
print(float(f(X, H)))
print(float(f(X, H)))
