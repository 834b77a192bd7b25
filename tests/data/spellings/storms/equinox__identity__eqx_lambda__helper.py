# spelling: framework=equinox axis=identity component=eqx_lambda reach=helper written-as=hazard
# run (4 -> 8 passes, traces per line): line 10: 4 -> 8
# label: storm line=10
import equinox as eqx
import jax
import jax.numpy as jnp


def step(x, i):
    eqx.filter_jit(lambda v: v * 2.0)(x)


def run(n):
    x = jnp.ones(3)
    for i in range(n):
        step(x, i)
