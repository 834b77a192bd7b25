# spelling: framework=equinox axis=identity component=eqx_lambda reach=while written-as=hazard
# run (4 -> 8 passes, traces per line): line 13: 4 -> 8
# label: storm line=13
import equinox as eqx
import jax
import jax.numpy as jnp


def run(n):
    x = jnp.ones(3)
    i = 0
    while i < n:
        eqx.filter_jit(lambda v: v * 2.0)(x)
        i += 1
