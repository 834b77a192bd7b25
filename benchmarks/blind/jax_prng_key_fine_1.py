# source: blind55:jax_prng_key_fine_1
# framework: JAX
# label: none
# The same denoising step with a JAX key split every step and passed in: fresh noise each call.
# verify: not close(c.noises[0], c.noises[1])
import jax
import jax.numpy as jnp


@jax.jit
def corrupt(x, key):
    noise = 0.1 * jax.random.normal(key, x.shape)
    return x + noise


key = jax.random.PRNGKey(0)
noises = []
for step in range(3):
    key, sub = jax.random.split(key)
    noises.append(corrupt(jnp.zeros((4,)), sub))
