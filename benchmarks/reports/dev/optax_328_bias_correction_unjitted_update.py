# source: https://github.com/google-deepmind/optax/issues/328
# framework: JAX
# `_bias_correction` raised the decay to the power of the step count, and with `update` called
# outside jit the `integer_pow` was compiled again for every count (optax 0.1.2, jax 0.3). The
# report's benchmark: Adam's update called eagerly in a loop of `num_steps`. On optax 0.2.8 the
# correction is one jitted function of the count as an array: a bounded number of compiles
# for any number of steps. Fine today.
# label: none
# verify: max(c.jax.values()) <= 3
import jax.numpy as jnp
import optax

opt = optax.adam(1e-3)
params = jnp.ones(3)
state = opt.init(params)
grads = jnp.ones(3)
num_steps = 10
for i in range(num_steps):
    updates, state = opt.update(grads, state)
    params = optax.apply_updates(params, updates)
