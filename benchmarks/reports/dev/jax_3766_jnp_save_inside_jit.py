# source: https://github.com/jax-ml/jax/issues/3766
# framework: JAX
# "saving jax tensor in jitted function": `jax.numpy.save` inside a jitted function "throws a
# conversion error (it's trying to convert to onp.ndarray): The numpy.ndarray conversion method
# __array__() was called on the JAX Tracer object". Saving is host I/O on a traced value: it needs
# the concrete array, which exists only when the compiled function runs. Reduced: a jitted step
# that saves its tensor with jnp.save; eagerly it writes the file.
# verify: c.error is not None and e.error is None
import os
import tempfile

import jax
import jax.numpy as jnp

path = os.path.join(tempfile.mkdtemp(), "x.npy")


@jax.jit
def step(x):
    y = x * 2
    jnp.save(path, y)  # label: ACC3
    return y


error = None
try:
    step(jnp.arange(3.0))
except Exception as exc:
    error = type(exc).__name__
print(error)
