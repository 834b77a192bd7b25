# source: https://github.com/Drenderer/klax/pull/85
# framework: JAX
# label: none
# klax's "Added a 'wasted' step for jit-compiling `make_step` outside of the training loop": the
# fit function calls the filter-jitted `make_step` once before the loop, so that compile time is
# not counted in the loop's timings, then trains with the same shapes and objects every step.
# Reduced to an Equinox MLP fit with optax: the warm-up call compiles, the 20 loop steps reuse
# it (one compile), and the losses equal eager's.
# verify: c.jax['make_step'] == 1 and close(c.losses, e.losses)
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

model = eqx.nn.MLP(1, 1, 8, 2, key=jax.random.PRNGKey(0))
x = jnp.linspace(-1, 1, 32)[:, None]
y = jnp.sin(3 * x)
optimizer = optax.adam(1e-2)
opt_state = optimizer.init(eqx.filter(model, eqx.is_inexact_array))


@eqx.filter_jit
def make_step(model, opt_state, x, y):
    def loss_fn(m):
        return jnp.mean((jax.vmap(m)(x) - y) ** 2)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    updates, opt_state = optimizer.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state, loss


# the "wasted" step: compile before timing the loop
make_step(model, opt_state, x, y)
losses = []
for step in range(20):
    model, opt_state, loss = make_step(model, opt_state, x, y)
    losses.append(float(loss))
print(losses[-1])
