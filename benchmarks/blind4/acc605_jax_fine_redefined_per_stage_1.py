# source: blind58:acc605_jax_fine_redefined_per_stage_1
# framework: JAX
# label: none
# Each of three stages rebinds the local weight and then defines and jits a new closure: a new
# function object has an empty cache, so each stage traces with its own weight.
# verify: close(c.losses, e.losses) and c.jax['loss'] == 3
import jax
import jax.numpy as jnp


def main():
    losses = []
    weight = 0.0
    for stage in range(3):
        weight = 0.5 * stage

        @jax.jit
        def loss(a, b):
            return a + weight * b

        losses.append([loss(jnp.float32(1.0), jnp.float32(2.0)) for _ in range(2)])
    return losses


losses = main()
