# source: https://github.com/jax-ml/jax/issues/1600
# framework: JAX
# "make pmap compilation cache act globally with no axis name": `for i in range(100): x =
# pmap(update)(x)` created a fresh dummy axis name per evaluation of pmap(f), so each loop step
# compiled again (jax 2019). The run counts traces of `update` on jax 0.10.2 (one CPU device):
# the cache is keyed on the function and hits. Fine today.
# label: none
# (The compile log names pmap's wrapper, not `update`; the check bounds all compiles of the run.)
# verify: sum(c.jax.values()) <= 6 and close(c.x, e.x)
import jax
import jax.numpy as jnp


def update(x):
    return x * 0.5 + 1.0


x = jnp.ones(jax.device_count())
for i in range(20):
    x = jax.pmap(update)(x)
print(x)
