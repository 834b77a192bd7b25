# spelling: framework=equinox axis=static component=eqx_array_arg reach=while written-as=look-alike
# run (4 -> 8 passes, traces per line): line 17: 1 -> 1
# label: fine
import equinox as eqx
import jax
import jax.numpy as jnp

@eqx.filter_jit
def scaled(v, k):
    return v * k


def run(n):
    x = jnp.ones(3)
    i = 0
    while i < n:
        scaled(x, jnp.asarray(i))
        i += 1
