# source: https://github.com/jax-ml/jax/issues/5061
# framework: JAX
# Jitted `jrandom.categorical` gave 2147483647 for some keys on jax 0.2.5, unlike the plain
# call; the reporter found it fixed in 0.2.6. Run today, the jitted samples equal the eager
# ones for the same ten keys. Fine.
# label: none
# verify: close(c.jit_samples, c.samples) and close(c.jit_samples, e.jit_samples)
import jax
import jax.numpy as jnp
import jax.random as jrandom


def sample(rngkey):
    return jrandom.categorical(rngkey, jnp.ones((1, 2)))


jsample = jax.jit(sample)

samples = []
rngkey = jrandom.PRNGKey(0)
for i in range(10):
    rngkey, subkey = jrandom.split(rngkey)
    samples.append(sample(subkey))

jit_samples = []
rngkey = jrandom.PRNGKey(0)
for i in range(10):
    rngkey, subkey = jrandom.split(rngkey)
    jit_samples.append(jsample(subkey))
print(samples, jit_samples)
