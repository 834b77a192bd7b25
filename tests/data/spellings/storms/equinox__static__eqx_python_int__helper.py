# spelling: framework=equinox axis=static component=eqx_python_int reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 14: 4 -> 8
# label: storm line=14
import equinox as eqx
import jax
import jax.numpy as jnp

@eqx.filter_jit
def scaled(v, k):
    return v * k


def step(x, i):
    scaled(x, i)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        step(x, i)
