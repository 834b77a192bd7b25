# spelling: framework=jax what=closure who=module order=loop_write_call
# label: stale (compiled prints 2.0 2.0 2.0; eager prints 2.0 3.0 4.0)
from functools import partial

import jax
import jax.numpy as jnp

X = jnp.float32(1.0)


def main():
    scale = 2.0

    @jax.jit
    def f(x):
        return x * scale  # read


    for v in (2.0, 3.0, 4.0):
        scale = v
        print(float(f(X)))


main()
