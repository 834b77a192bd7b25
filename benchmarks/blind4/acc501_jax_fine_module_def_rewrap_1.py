# source: blind58:acc501_jax_fine_module_def_rewrap_1
# framework: JAX
# label: none
# A helper re-applies jax.jit to the same module-level function on every call. jax.jit keys
# its cache on the wrapped function, so every new wrapper finds the first trace.
# verify: 1 <= c.jax['normalise'] <= 2
import jax
import jax.numpy as jnp


def normalise(x):
    return (x - x.mean()) / (x.std() + 1e-6)


def preprocess(batch):
    return jax.jit(normalise)(batch)


outs = []
for i in range(12):
    outs.append(preprocess(jnp.arange(8.0) * (i + 1)))
