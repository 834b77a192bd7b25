# spelling: framework=jax axis=stale component=config_attribute_lr reach=nested written-as=hazard
# run (4 -> 8 steps; eager twin compared): compiled printed 0.06019207835197449, eager 0.10853749513626099
# label: stale line=65
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


class Config:
    def __init__(self):
        self.lr = 0.1


CFG = Config()


@jax.jit
def step_reading_config(params, x, y):
    return sgd(params, jax.grad(loss_fn)(params, x, y), CFG.lr)  # read


def train_one(step, params):
    CFG.lr = lr_at(step)
    params = step_reading_config(params, X, Y)
    return params


def main():
    params = init_params()
    for step in range(NUM_STEPS):
        params = train_one(step, params)
    print(float(loss_fn(params, X, Y)))


if __name__ == "__main__":
    main()
