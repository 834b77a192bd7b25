# source: blind55:jax_debug_print_fine_1
# framework: JAX
# label: none
# jax.debug.print inside the jitted step prints on every call, like the eager run.
# verify: c.out.count('loss') == 5
import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    jax.debug.print("loss {l}", l=loss)
    return w - 0.1 * g


w = jnp.zeros((2,))
for step in range(5):
    w = train_step(w, jnp.ones((4, 2)), jnp.ones((4,)))
