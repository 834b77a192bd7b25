# source: https://github.com/FLAIROx/Kinetix/pull/29
# framework: JAX
# Kinetix's "Added hash functions to some of the dataclasses to help with jax caching": the
# environment's parameter dataclasses are passed to jitted functions as static arguments; without
# value-based __eq__/__hash__ they hash by identity, so a parameters object rebuilt on every call
# (as the training loop's reset does) is a new cache key and the step is traced again each time.
# verify: c.jax['step'] >= 8
from dataclasses import dataclass
from functools import partial
import jax
import jax.numpy as jnp


@dataclass(eq=False)
class StaticEnvParams:
    num_polygons: int = 4
    num_joints: int = 2


@partial(jax.jit, static_argnums=1)
def step(state, static_params):
    return state + static_params.num_polygons * jnp.ones_like(state)


state = jnp.zeros(3)
for i in range(10):
    static_params = StaticEnvParams()  # rebuilt at every reset
    state = step(state, static_params)  # label: ACC5
print(state)
