# source: https://github.com/google-deepmind/optax/issues/424
# framework: JAX
# "Question about Schedule": "when using adam, the learning rate is constant even when the
# schedule is passed in", with `inject_hyperparams(optax.adam)(learning_rate=schedule_fn)` and
# `opt_state.hyperparams['learning_rate']` printed after each step; the reporter then found "a
# stupid mistake when calling the schedule". The injected learning rate lives in the optimizer
# state and is computed from its step count on every update, jitted or not. Reduced: the
# reporter's warmup-cosine schedule and a jitted train_step on a quadratic.
# label: none
# verify: close(c.lrs, e.lrs) and c.lrs[0] != c.lrs[-1]
import jax
import jax.numpy as jnp
import optax

init_value, peak_value, end_value, total_steps, warmup_steps = 1e-6, 1e-3, 1e-6, 1e4, 2e3
schedule_fn = optax.warmup_cosine_decay_schedule(init_value, peak_value, warmup_steps, total_steps, end_value)
scheduled_adam = optax.inject_hyperparams(optax.adam)(learning_rate=schedule_fn)
optimizer = scheduled_adam


def loss_fn(params):
    return jnp.sum(params**2)


@jax.jit
def train_step(params, state):
    loss_val, grads = jax.value_and_grad(loss_fn)(params)
    updates_params, opt_state = optimizer.update(grads, state, params)
    params = optax.apply_updates(params, updates_params)
    return params, loss_val, opt_state


params = jnp.ones(3)
state = optimizer.init(params)
lrs = []
for _ in range(5):
    params, loss_val, state = train_step(params, state)
    lrs.append(float(state.hyperparams["learning_rate"]))
print(lrs)
