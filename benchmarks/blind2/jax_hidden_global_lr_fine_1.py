# source: blind56:jax_hidden_global_lr_fine_1
# framework: JAX
# label: none
# The same epoch schedule through optax.inject_hyperparams: the learning rate lives in the
# optimizer state (an array the jitted step takes as an argument), so rewriting it between
# epochs reaches every call, and the step is traced at most twice (the
# first rewrite changes the rate's weak type).
# verify: close(c.final_params, e.final_params) and c.jax['train_step'] <= 2
import jax
import jax.numpy as jnp
import optax

tx = optax.inject_hyperparams(optax.sgd)(learning_rate=0.1)


def set_lr_for_epoch(opt_state, epoch):
    opt_state.hyperparams["learning_rate"] = jnp.asarray(0.1 * (0.5 ** epoch))
    return opt_state


@jax.jit
def train_step(params, opt_state, x, y):
    grads = jax.grad(lambda p: jnp.mean((x @ p["w"] - y) ** 2))(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state


def fit(params, epochs=4):
    opt_state = tx.init(params)
    x = jnp.ones((4, 2))
    y = jnp.ones((4,))
    for epoch in range(epochs):
        opt_state = set_lr_for_epoch(opt_state, epoch)
        for _ in range(3):
            params, opt_state = train_step(params, opt_state, x, y)
    return params


final_params = fit({"w": jnp.zeros(2)})["w"]
