# source: https://github.com/patrick-kidger/equinox/issues/640
# framework: JAX
# The user's `step_fn` compiles twice, then never again: the first call sees the initial
# optimiser state (a Python-int-like count) and the second its own output. Two compiles for a
# whole training run: bounded. Fine. The loss is a mean square of a Linear model.
# label: none
# verify: c.jax['step_fn'] <= 2
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

optim = optax.adam(1e-3)


def loss_fn(model, args):
    x, y = args
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_jit
def step_fn(model, opt_state, args):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, args)
    updates, opt_state = optim.update(grads, opt_state, model)
    model = eqx.apply_updates(model, updates)
    return model, loss, opt_state


model = eqx.nn.Linear(3, 1, key=jax.random.PRNGKey(0))
opt_state = optim.init(eqx.filter(model, eqx.is_array))
args = (jnp.ones((4, 3)), jnp.ones((4, 1)))
for i in range(10):
    model, loss, opt_state = step_fn(model, opt_state, args)
