# source: https://github.com/jax-ml/jax/issues/170
# framework: JAX
# "Random key error in stax.Dropout layer": the reporter made Dropout work by adding
# `rng = PRNGKey(seed)` before `keep = random.bernoulli(rng, rate, inputs.shape)` in its
# `apply_fun`. mattjj: "that change isn't what you want: it will make the dropout layer always
# to use the same fixed pattern of dropped out units." The layer's apply_fun with the reporter's
# line, jitted as in the thread's example, called with a fresh split key each time: the pattern
# never changes (the `rng` argument is overwritten).
# verify: c.same_pattern
import jax
import jax.numpy as jnp
from jax import jit, random
from jax.random import PRNGKey

rate = 0.4
seed = 0


def apply_fun(params, inputs, rng=None):
    rng = PRNGKey(seed)  # label[g]: ACC1
    keep = random.bernoulli(rng, rate, inputs.shape)  # label[g]
    return jnp.where(keep, inputs / rate, 0)


apply_jit = jit(apply_fun)
key = random.PRNGKey(0)
inputs = jnp.ones((10, 16))
patterns = []
for _ in range(3):
    key, subkey = random.split(key)
    patterns.append(apply_jit((), inputs, subkey) != 0)
same_pattern = bool(jnp.all(patterns[0] == patterns[1]) and jnp.all(patterns[1] == patterns[2]))
print(same_pattern)
