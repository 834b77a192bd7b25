# source: https://theneuralbase.com/jax/learn/intermediate/jax-prng-explicit-key-management/
# framework: JAX
# label: none
# A JAX lesson on explicit key management: "calling the same key twice gives identical results,
# which is almost never what you want"; split the master key and use each subkey once. The
# lesson's code, with the draws made inside a jitted dropout-style step: reusing the key repeats
# the mask (by design, eager and jitted alike - nothing is frozen by the trace), and a split key
# gives a new one.
# verify: c.reused_same and c.split_new and e.reused_same and e.split_new
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(42)
key1, key2 = jax.random.split(key)


@jax.jit
def dropout(key, x, rate=0.5):
    keep = jax.random.bernoulli(key, 1 - rate, x.shape)
    return jnp.where(keep, x / (1 - rate), 0.0)


x = jnp.ones(8)
reused_same = bool(jnp.array_equal(dropout(key1, x), dropout(key1, x)))
split_new = not bool(jnp.array_equal(dropout(key1, x), dropout(key2, x)))
print(reused_same, split_new)
