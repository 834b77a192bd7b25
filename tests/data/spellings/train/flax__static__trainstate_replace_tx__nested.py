# spelling: framework=flax axis=static component=trainstate_replace_tx reach=nested written-as=hazard
# run (4 -> 8 steps; eager twin compared): line 81: 4 -> 8
# label: storm line=81
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


import flax.linen as nn
from flax.training import train_state


class Linear(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(x)[:, 0]


MODEL = Linear()


@jax.jit
def ts_step(state, x, y):
    def loss(params):
        return jnp.mean((state.apply_fn(params, x) - y) ** 2)
    return state.apply_gradients(grads=jax.grad(loss)(state.params))


def new_state(tx):
    return train_state.TrainState.create(apply_fn=MODEL.apply, params=MODEL.init(jax.random.PRNGKey(0), X), tx=tx)


def train_one(step, state):
    state = state.replace(tx=optax.adam(lr_at(step)))
    state = ts_step(state, X, Y)
    return state


def main():
    state = new_state(optax.adam(1e-2))
    for step in range(NUM_STEPS):
        state = train_one(step, state)
    print(float(jnp.sum(state.params['params']['Dense_0']['kernel'])))


if __name__ == "__main__":
    main()
