# source: https://github.com/jax-ml/jax/pull/2379
# framework: JAX
# `jnp.pad(x, pad_widths)` with a list `pad_widths` recompiled on every call (2020): the list
# reached a jitted helper as a static argument hashed by identity, a new list object each call.
# The pull request wrapped it in a tuple; today `jnp.pad` takes a list and compiles once.
# Reduced to the user-level call in a loop of `num_steps`. Fine today.
# label: none
# verify: max(c.jax.values()) <= 2
import jax.numpy as jnp

x = jnp.ones((4, 4))
num_steps = 10
for step in range(num_steps):
    y = jnp.pad(x, [(1, 1), (2, 2)], mode='constant', constant_values=0)
