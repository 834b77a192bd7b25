# source: blind57:jax_rejit_closure_batch_1
# framework: JAX
# An evaluator helper jits a lambda that closes over the batch, once per batch: a new
# function object each call, so JAX traces and compiles for every batch.
# verify: c.jax['<lambda>'] >= 8
import jax
import jax.numpy as jnp


def mse(params, batch):
    x, y = batch
    return jnp.mean((x @ params["w"] - y) ** 2)


class Evaluator:
    def __init__(self, loss_fn):
        self.loss_fn = loss_fn

    def batch_loss(self, params, batch):
        return jax.jit(lambda p: self.loss_fn(p, batch))(params)  # label: ACC5

    def run(self, params, loader):
        return [float(self.batch_loss(params, b)) for b in loader]


def loader(n):
    for i in range(n):
        yield jnp.ones((4, 2)) * i, jnp.zeros((4,))


losses = Evaluator(mse).run({"w": jnp.ones(2)}, loader(10))
