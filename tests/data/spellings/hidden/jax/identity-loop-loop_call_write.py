# spelling: framework=jax what=identity who=loop order=loop_call_write
# label: stale (compiled prints 2.0 2.0; eager prints 2.0 3.0)
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


for v in (3.0, 4.0):
    print(float(f(X, H)))
    for v_ in [v]:
        H.current = H.right if H.current is H.left else H.left
