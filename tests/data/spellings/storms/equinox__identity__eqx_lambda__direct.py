# spelling: framework=equinox axis=identity component=eqx_lambda reach=direct written-as=hazard
# run (4 -> 8 passes, traces per line): line 12: 4 -> 8
# label: storm line=12
import equinox as eqx
import jax
import jax.numpy as jnp


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        eqx.filter_jit(lambda v: v * 2.0)(x)
