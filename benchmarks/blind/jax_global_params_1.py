# source: blind55:jax_global_params_1
# framework: JAX
# Script-style training: `predict` closes over the global `params`, the loop rebinds `params`
# after each update and evaluates with `predict`. The trace froze the initial weights.
# verify: not close(c.val_losses, e.val_losses)
import jax
import jax.numpy as jnp

x = jnp.linspace(-1, 1, 16)[:, None]
y = 3 * x
params = jnp.zeros((1, 1))


@jax.jit
def predict(inputs):
    return inputs @ params  # label[a]: ACC6


def loss(p):
    return jnp.mean((x @ p - y) ** 2)


val_losses = []
for step in range(5):
    params = params - 0.3 * jax.grad(loss)(params)  # label[a]
    val_losses.append(float(jnp.mean((predict(x) - y) ** 2)))
