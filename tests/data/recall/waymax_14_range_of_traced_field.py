# source: https://github.com/waymo-research/waymax/issues/14
# `range()` of a field of the jitted argument raises TracerIntegerConversionError.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class State:
    position: jax.Array
    remaining_timesteps: jax.Array


def update_state_by_log(state):
    return dataclasses.replace(state, position=state.position + 1.0)


@jax.jit
def benchmark(state):
    for _ in range(state.remaining_timesteps):  # missed: ACC302
        state = update_state_by_log(state)
    return state


benchmark(State(jnp.zeros(3), jnp.array(5)))
