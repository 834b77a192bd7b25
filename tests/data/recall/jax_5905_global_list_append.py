# source: https://github.com/jax-ml/jax/pull/5905 (JAX-101 jitting notebook)
# Appending to a global list inside a jitted function runs once, while tracing.
import jax
import jax.numpy as jnp

global_list = []


def log2(x):
    global_list.append(x)  # expect: ACC406
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


print(jax.jit(log2)(3.0))
