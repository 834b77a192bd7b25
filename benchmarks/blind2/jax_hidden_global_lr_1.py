# source: blind56:jax_hidden_global_lr_1
# framework: JAX
# A module-level learning rate that a schedule helper rewrites at each epoch; the jitted SGD
# step reads the global, so it keeps the rate of the epoch in which it was first traced.
# verify: not close(c.final_params, e.final_params)
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.1


def set_lr_for_epoch(epoch):
    global LEARNING_RATE
    LEARNING_RATE = 0.1 * (0.5 ** epoch)  # label[a]


def sgd(params, grads):
    return jax.tree_util.tree_map(lambda p, g: p - LEARNING_RATE * g, params, grads)  # label[a]: ACC6


@jax.jit
def train_step(params, x, y):
    grads = jax.grad(lambda p: jnp.mean((x @ p["w"] - y) ** 2))(params)
    return sgd(params, grads)


def fit(params, epochs=4):
    x = jnp.ones((4, 2))
    y = jnp.ones((4,))
    for epoch in range(epochs):
        set_lr_for_epoch(epoch)
        for _ in range(3):
            params = train_step(params, x, y)
    return params


final_params = fit({"w": jnp.zeros(2)})["w"]
