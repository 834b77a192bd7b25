# source: blind55:jax_params_arg_fine_1
# framework: JAX
# label: none
# The same script-style loop with the weights passed to the jitted predict as an argument.
# verify: close(c.val_losses, e.val_losses) and c.jax['predict'] == 1
import jax
import jax.numpy as jnp

x = jnp.linspace(-1, 1, 16)[:, None]
y = 3 * x
params = jnp.zeros((1, 1))


@jax.jit
def predict(p, inputs):
    return inputs @ p


def loss(p):
    return jnp.mean((x @ p - y) ** 2)


val_losses = []
for step in range(5):
    params = params - 0.3 * jax.grad(loss)(params)
    val_losses.append(float(jnp.mean((predict(params, x) - y) ** 2)))
