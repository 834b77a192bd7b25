# source: https://github.com/google-deepmind/optax/issues/4
# framework: JAX
# label: none
# "Manually setting the learning_rate?": the asker trains with `opt_init, opt_update =
# optax.adam(learning_rate=1e-3)` in a plain Python loop and wants to lower the rate at epoch 5;
# the answer: use a schedule, or create a new optimizer `_, opt_update =
# optax.adam(learning_rate=new_learning_rate)` (the state stays compatible). The loop is not
# jitted and the update is looked up anew at every step, so the new rate applies from epoch 6:
# the run's parameters match a run written with the two rates by hand.
# verify: close(c.w, c.w_expected)
import jax
import jax.numpy as jnp
import optax


def loss_function(params, data):
    return jnp.sum((params["w"] * data - 1.0) ** 2)


params = {"w": jnp.array(0.0)}
data = jnp.array(2.0)
opt_init, opt_update = optax.adam(learning_rate=1e-3)
opt_state = opt_init(params)
for epoch_num in range(10):
    grads = jax.grad(loss_function)(params, data)
    updates, opt_state = opt_update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    if epoch_num == 5:
        _, opt_update = optax.adam(learning_rate=1e-4)

expected = {"w": jnp.array(0.0)}
state = optax.adam(1e-3).init(expected)
for epoch_num in range(10):
    rate = 1e-3 if epoch_num <= 5 else 1e-4
    updates, state = optax.adam(rate).update(jax.grad(loss_function)(expected, data), state)
    expected = optax.apply_updates(expected, updates)
w, w_expected = params["w"], expected["w"]
print(w, w_expected)
