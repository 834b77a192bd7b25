# source: https://github.com/jax-ml/jax/issues/5232
# framework: JAX
# "Is it possible to manually cache results that we know will not change during training?":
# `@jit def stupid(input): y = jnp.ones((1,)); return y*input`. The maintainer: the `jnp.ones` is
# staged into the computation (not cached), while `np.ones` would be computed once at trace time
# and embedded as a constant; either way the value never changes, so the result is right. Fine.
# The reporter's function, called twice.
# label: none
# verify: close(c.rs, e.rs) and c.jax["stupid"] == 1
import jax.numpy as jnp
from jax import jit


@jit
def stupid(input):
    y = jnp.ones((1,))  # This will never change.
    return y * input


rs = [stupid(2.0), stupid(3.0)]
