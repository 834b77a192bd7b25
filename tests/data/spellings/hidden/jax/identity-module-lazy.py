# spelling: framework=jax what=identity who=module order=lazy
# label: fine (compiled prints 2.0 2.0 2.0; eager prints 2.0 2.0 2.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


class Holder:
    def __init__(self):
        self.left = object()
        self.right = object()
        self.current = None

    def switch(self):
        self.current = self.right if self.current is self.left else self.left


H = Holder()


@partial(jax.jit, static_argnums=1)
def f(x, h):
    return x * (2.0 if h.current is h.left else 3.0)  # read


for step in range(3):
    if H.current is None:
        H.current = H.right if H.current is H.left else H.left
    print(float(f(X, H)))
