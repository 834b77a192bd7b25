# source: blind57:jax_rejit_closure_batch_fine_1
# framework: JAX
# label: none
# The evaluator jits the loss once in `__init__` and passes the batch as an argument: one
# trace for every batch of the same shape.
# verify: c.jax['mse'] <= 1
import jax
import jax.numpy as jnp


def mse(params, batch):
    x, y = batch
    return jnp.mean((x @ params["w"] - y) ** 2)


class Evaluator:
    def __init__(self, loss_fn):
        self.loss_fn = jax.jit(loss_fn)

    def batch_loss(self, params, batch):
        return self.loss_fn(params, batch)

    def run(self, params, loader):
        return [float(self.batch_loss(params, b)) for b in loader]


def loader(n):
    for i in range(n):
        yield jnp.ones((4, 2)) * i, jnp.zeros((4,))


losses = Evaluator(mse).run({"w": jnp.ones(2)}, loader(10))
