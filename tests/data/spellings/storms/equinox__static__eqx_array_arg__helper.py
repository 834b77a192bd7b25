# spelling: framework=equinox axis=static component=eqx_array_arg reach=helper written-as=look-alike
# run (4 -> 8 passes, traces per line): line 14: 1 -> 1
# label: fine
import equinox as eqx
import jax
import jax.numpy as jnp

@eqx.filter_jit
def scaled(v, k):
    return v * k


def step(x, i):
    scaled(x, jnp.asarray(i))


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        step(x, i)
