# source: blind56:jax_optax_static_tx_2
# framework: JAX
# The step takes the optimizer by keyword as a static argument; the epoch loop asks a factory
# for "the optimizer of this epoch" (a decayed rate), so each epoch passes a new optax object
# and the step is traced again every epoch.
# verify: c.jax['sgd_step'] >= 8
from functools import partial

import jax
import jax.numpy as jnp
import optax

CONFIG = {"base_lr": 0.1, "decay": 0.9, "epochs": 10, "steps_per_epoch": 2}


def optimizer_for_epoch(config, epoch):
    lr = config["base_lr"] * config["decay"] ** epoch
    return optax.chain(optax.clip_by_global_norm(1.0), optax.sgd(lr))


@partial(jax.jit, static_argnames=("optimizer",))
def sgd_step(params, opt_state, x, y, optimizer):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x * p - y) ** 2))(params)
    updates, opt_state = optimizer.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


def run_epoch(params, opt_state, optimizer, data):
    for x, y in data:
        params, opt_state, _ = sgd_step(params, opt_state, x, y, optimizer=optimizer)  # label[a]: ACC5
    return params, opt_state


def main():
    params = jnp.array(0.0)
    opt_state = optimizer_for_epoch(CONFIG, 0).init(params)
    data = [(jnp.arange(4.0), 2 * jnp.arange(4.0))] * CONFIG["steps_per_epoch"]
    for epoch in range(CONFIG["epochs"]):
        optimizer = optimizer_for_epoch(CONFIG, epoch)  # label[a]
        params, opt_state = run_epoch(params, opt_state, optimizer, data)  # label[a]
    return params


final = main()
