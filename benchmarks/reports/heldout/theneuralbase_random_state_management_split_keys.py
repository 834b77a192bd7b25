# source: https://theneuralbase.com/jax/learn/beginner/random-state-management/
# framework: JAX
# label: none
# A JAX beginner lesson on random state: no global generator, a key passed to every random
# function, `jr.split` for independent streams, and the same key giving the same samples again
# ("samples1_again"). The lesson's code, with the sampling also run through a jitted function:
# the key is an argument, so each split key draws new numbers under jit as eagerly, and the same
# key repeats its draw by design. One compile.
# verify: c.jax['<lambda>'] == 1 and c.split_differ and c.same_key_same and close(c.samples, e.samples)
import jax
import jax.numpy as jnp
import jax.random as jr

key = jr.PRNGKey(42)
key1, key2 = jr.split(key)
samples1 = jr.normal(key1, shape=(3,))
samples2 = jr.normal(key2, shape=(3,))
samples1_again = jr.normal(key1, shape=(3,))

sample = jax.jit(lambda k: jr.normal(k, shape=(3,)))
jitted1, jitted2 = sample(key1), sample(key2)
split_differ = not jnp.allclose(jitted1, jitted2)
same_key_same = bool(jnp.allclose(jitted1, samples1_again))
samples = [samples1, samples2, jitted1, jitted2]
print(samples)
