# source: blind58:acc502_jax_eqx_python_int_5
# framework: JAX
# eqx.filter_jit treats every argument that is not an array as static. The rollout horizon is
# a Python int that a curriculum grows every iteration, so every iteration traces again.
# verify: c.jax['rollout'] >= 8
import equinox as eqx
import jax.numpy as jnp


@eqx.filter_jit
def rollout(state, horizon):
    total = jnp.zeros_like(state)
    for _ in range(horizon):
        state = state * 0.9
        total = total + state
    return total


class Curriculum:
    def __init__(self):
        self.horizon = 2

    def next(self):
        self.horizon += 1
        return self.horizon


curriculum = Curriculum()
returns = [rollout(jnp.ones((3,)), curriculum.next()) for _ in range(10)]  # label: ACC502
