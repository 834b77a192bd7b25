# spelling: framework=jax what=closure who=module order=lazy
# label: fine (compiled prints 3.0 3.0 3.0; eager prints 3.0 3.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


def main():
    scale = None

    @jax.jit
    def f(x):
        return x * scale  # read


    for step in range(3):
        if scale is None:
            scale = 3.0
        print(float(f(X)))


main()
