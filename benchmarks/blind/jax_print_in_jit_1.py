# source: blind55:jax_print_in_jit_1
# framework: JAX
# A debugging print of the step's loss inside the jitted step: it prints once (while tracing, a
# tracer), not on every step as the eager run does.
# verify: c.out.count('loss') == 1 and e.out.count('loss') == 5
import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    print("loss", loss)  # label: ACC4
    return w - 0.1 * g


w = jnp.zeros((2,))
for step in range(5):
    w = train_step(w, jnp.ones((4, 2)), jnp.ones((4,)))
