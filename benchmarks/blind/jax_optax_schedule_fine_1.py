# source: blind55:jax_optax_schedule_fine_1
# framework: JAX
# label: none
# The decay expressed as an optax schedule: one optimizer, one jitted step, the learning rate is
# computed from the traced step count in the optimizer state.
# verify: c.jax['step'] == 1
import jax
import jax.numpy as jnp
import optax

schedule = optax.exponential_decay(1e-2, transition_steps=3, decay_rate=0.9)
tx = optax.adam(schedule)


@jax.jit
def step(params, opt_state, x, y):
    loss, g = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
    updates, opt_state = tx.update(g, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


params = jnp.zeros((3,))
opt_state = tx.init(params)
x, y = jnp.ones((8, 3)), jnp.ones((8,))
for epoch in range(10):
    for _ in range(3):
        params, opt_state, loss = step(params, opt_state, x, y)
