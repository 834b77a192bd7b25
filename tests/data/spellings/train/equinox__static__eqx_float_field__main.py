# spelling: framework=equinox axis=static component=eqx_float_field reach=main written-as=hazard
# run (4 -> 8 steps; eager twin compared): line 91: 4 -> 8
# label: storm line=91
import functools
import os

import jax
import jax.numpy as jnp
import optax

NUM_STEPS = int(os.environ.get("TRAIN_STEPS", "100"))
X = jnp.linspace(0.0, 1.0, 24).reshape(8, 3)
Y = jnp.linspace(1.0, 2.0, 8)
DATA = jnp.linspace(0.0, 1.0, 192).reshape(64, 3)
TARGETS = jnp.linspace(1.0, 2.0, 64)
BUCKETS = (16, 32, 64)


def init_params():
    return {"w": jnp.zeros(3), "b": jnp.zeros(())}


def loss_fn(params, x, y):
    return jnp.mean((x @ params["w"] + params["b"] - y) ** 2)


def lr_at(step):
    return 0.1 * 0.9 ** step


def sgd(params, grads, lr):
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def sgd_step(params, x, y, lr=0.1):
    return sgd(params, jax.grad(loss_fn)(params, x, y), lr)


@functools.partial(jax.jit, static_argnames="lr")
def sgd_step_static_lr(params, x, y, lr):
    return sgd_step(params, x, y, lr)


sgd_step_traced_lr = jax.jit(sgd_step)
jitted_loss = jax.jit(loss_fn)


@functools.partial(jax.jit, static_argnums=3)
def opt_step(params, opt_state, batch, tx):
    grads = jax.grad(loss_fn)(params, *batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


import equinox as eqx

MODEL = eqx.nn.Linear(3, "scalar", key=jax.random.PRNGKey(0))


def eqx_loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@eqx.filter_jit
def eqx_lr_step(model, x, y, lr):
    grads = eqx.filter_grad(eqx_loss)(model, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, model, grads)


@eqx.filter_jit
def eqx_opt_step(model, opt_state, optim, x, y):
    grads = eqx.filter_grad(eqx_loss)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, model)
    return eqx.apply_updates(model, updates), opt_state


class ScaledModel(eqx.Module):
    w: jax.Array
    scale: float


@eqx.filter_jit
def scaled_loss(model, x):
    return jnp.mean(x @ model.w) * model.scale


def main():
    model = ScaledModel(jnp.ones(3), 1.0)
    for step in range(NUM_STEPS):
        model = eqx.tree_at(lambda m: m.scale, model, lr_at(step))
        loss = scaled_loss(model, X)
    print(float(scaled_loss(model, X)))


if __name__ == "__main__":
    main()
