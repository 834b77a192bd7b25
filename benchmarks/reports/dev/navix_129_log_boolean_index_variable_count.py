# source: https://github.com/epignatelli/navix/pull/129
# framework: JAX
# "perf: skip per-step log indexing for steps log_frequency discards": profiling a PPO run, 61%
# of the time with logging on was XLA compiling. `Agent.log()` boolean-indexes the completed
# episodes, `lengths[mask]` / `returns[mask]`, and "that output shape depends on the mask's
# population count, which differs almost every step, so JAX must compile a fresh XLA program for
# every distinct count it hasn't seen before"; the fix computes masked means with `jnp.where` and
# `jnp.sum`. Reduced to the logging helper called once per training update with a done mask
# whose count changes (the agent and environment left out): the boolean-indexed mean compiles
# once per new count, 8 counts, while the masked mean compiles once.
# verify: c.jax['_mean'] >= 8 and c.jax['gather'] >= 8 and c.jax['_where'] == 1 and close(c.logged, e.logged)
import jax
import jax.numpy as jnp


def log(lengths, returns, done_mask):
    mean_length = jnp.mean(lengths[done_mask])  # label[a]: ACC5
    mean_return = jnp.mean(returns[done_mask])  # label[a]
    return float(mean_length), float(mean_return)


def masked_mean(values, mask):
    return jnp.sum(jnp.where(mask, values, 0.0)) / jnp.maximum(jnp.sum(mask), 1)


key = jax.random.PRNGKey(0)
logged = []
for update in range(8):
    key, k1, k2 = jax.random.split(key, 3)
    lengths = jax.random.uniform(k1, (16,)) * 100
    returns = jax.random.normal(k2, (16,))
    done_mask = jnp.arange(16) <= update  # a different number of finished episodes each update
    logged.append(log(lengths, returns, done_mask))
    masked_mean(lengths, done_mask)
print(logged)
