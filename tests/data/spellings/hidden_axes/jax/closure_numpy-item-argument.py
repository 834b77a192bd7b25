# spelling: framework=jax what=closure_numpy who=item order=argument
# label: fine (compiled prints 2.0 3.0; eager prints 2.0 3.0)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

X = jnp.float32(1.0)


def main():
    a = np.array([2.0])

    @jax.jit
    def f(x, b):
        return x * b[0]  # read

    print(float(f(X, a)))
    a[0] = 3.0
    print(float(f(X, a)))


main()
