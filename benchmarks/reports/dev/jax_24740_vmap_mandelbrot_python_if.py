# source: https://github.com/jax-ml/jax/issues/24740
# framework: JAX
# "TracerBoolConversionError": a Mandelbrot iteration count written with a Python `if` on
# `jnp.abs(z) > 2.0` works on one point, and raises TracerBoolConversionError once the function
# is transformed with `vmap(mandle_brot, in_axes=(0, None))`.
# verify: c.raised and c.single == e.single
import jax
from jax import numpy as jnp
from jax import jit, vmap


def mandle_brot(c, max_iter):
    z = jnp.array([0.0 + 0.0j])
    for i in range(max_iter):
        z = z * z + c
        if (jnp.abs(z) > 2.0):  # label: ACC2
            return jnp.array([i])
    return jnp.array([max_iter])


z = jnp.complex64(-0.75 + 0.1j)
single = int(mandle_brot(z, 100)[0])
Z = jnp.array([z, z, z, z])
mandle_brot_vmap = vmap(mandle_brot, in_axes=(0, None))
try:
    mandle_brot_vmap(Z, 10)  # error from this part
    raised = False
except jax.errors.TracerBoolConversionError:
    raised = True
print(single, raised)
