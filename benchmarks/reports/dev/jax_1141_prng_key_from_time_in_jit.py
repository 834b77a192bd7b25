# source: https://github.com/jax-ml/jax/issues/1141
# framework: JAX
# "Consider tracing twice to detect Python side effects": "One example is
# `rng = random.PRNGKey(int(time.time()))`, which will freeze the RNG key at compile time and
# produce the same random numbers at every step." The clock is read once, while the jitted step
# is traced; every later call reuses the key baked into the trace. Reduced: a jitted noise step
# with that key, called three times more than a second apart (the eager twin reads the clock on
# every call and draws new noise).
# verify: c.same_noise and not e.same_noise
import time

import jax
import jax.numpy as jnp
from jax import random


@jax.jit
def noisy_step(x):
    rng = random.PRNGKey(int(time.time()))  # label: ACC1
    return x + random.normal(rng, x.shape)


x = jnp.zeros(4)
draws = []
for _ in range(3):
    draws.append(noisy_step(x))
    time.sleep(1.05)
same_noise = bool(jnp.all(draws[0] == draws[1]) and jnp.all(draws[1] == draws[2]))
print(same_noise)
