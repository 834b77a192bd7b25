# spelling: framework=equinox axis=static component=eqx_python_int reach=while written-as=hazard
# run (4 -> 8 passes, traces per line): line 17: 4 -> 8
# label: storm line=17
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
        scaled(x, i)
        i += 1
