# source: blind55:jax_optax_per_epoch_1
# framework: JAX
# A manual learning-rate decay rebuilds the optax optimizer each epoch and jits a fresh step
# closure over it: every epoch compiles the train step again.
# verify: c.jax['step'] >= 8
import jax
import jax.numpy as jnp
import optax


def make_step(tx):
    def step(params, opt_state, x, y):
        loss, g = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
        updates, opt_state = tx.update(g, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return jax.jit(step)  # label[a]


params = jnp.zeros((3,))
x, y = jnp.ones((8, 3)), jnp.ones((8,))
for epoch in range(10):
    tx = optax.adam(1e-2 * 0.9**epoch)
    opt_state = tx.init(params)
    train_step = make_step(tx)  # label[a]
    for _ in range(3):
        params, opt_state, loss = train_step(params, opt_state, x, y)  # label[a]: ACC5
