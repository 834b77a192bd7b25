# source: blind55:jax_float_outside_fine_1
# framework: JAX
# label: none
# The train step returns the loss and the loop converts it with float() and np.asarray outside
# the jitted code for logging: host conversion of a concrete array is fine.
# verify: close(c.history, e.history)
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def train_step(w, x, y):
    loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - 0.1 * g, loss


w = jnp.zeros((2,))
history = []
for step in range(5):
    w, loss = train_step(w, jnp.ones((4, 2)), jnp.ones((4,)))
    history.append(float(loss))
weights = np.asarray(w)
