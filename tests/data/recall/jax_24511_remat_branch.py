# source: https://github.com/jax-ml/jax/pull/24511
# A branch on the argument of a `jax.remat` function raises (remat traces its argument).
import jax
import jax.numpy as jnp


@jax.remat
def f(x):
    if x > 0:  # expect: ACC201
        return x
    else:
        return jnp.sin(x)


f(3.0)
