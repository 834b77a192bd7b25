# spelling: framework=equinox axis=static component=eqx_python_int reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 16: 4 -> 8
# label: storm line=16
import equinox as eqx
import jax
import jax.numpy as jnp

@eqx.filter_jit
def scaled(v, k):
    return v * k


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        scaled(x, i)
