# source: https://github.com/jax-ml/jax/issues/3345
# framework: JAX
# "Dynamically sized arrays with maximum length": `jnp.arange(K)` needs a concrete K under jit,
# "Right now I get around this by specifying the size K as a static argnum to jit, but then
# this recompiles for each different value of K". K is drawn at random for a Russian-roulette
# truncation, so in the estimator's loop nearly every draw is a new static value and a new
# compile. The reporter's function with K static, called for twelve random truncations.
# verify: c.jax['dynamic_array'] >= 8
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, random


@partial(jit, static_argnums=0)
def dynamic_array(K):
    return jnp.arange(K)


rng = random.PRNGKey(0)
totals = []
for _ in range(12):
    rng, sub = random.split(rng)
    K = int(random.randint(sub, (1,), 1, 100)[0])
    totals.append(int(dynamic_array(K).sum()))  # label: ACC5
print(totals)
