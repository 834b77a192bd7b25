# source: https://github.com/google/flax/issues/5548
# framework: JAX
# `train_one_epoch` is an `nnx.jit` function taking the discriminator and its optimizer; both are
# built anew at the start of every epoch "with the exact same architecture", and the report says
# every epoch traces and compiles again (memory grows until OOM). The run decides whether the
# new objects change the cache key. (Generator, metrics and data left out; one Linear layer.)
# verify: c.jax['train_one_epoch'] >= 5
import jax.numpy as jnp
import optax
from flax import nnx


class Discriminator(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


@nnx.jit
def train_one_epoch(dis, dis_opt, x):
    def loss_fn(model):
        return jnp.mean(model(x) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(dis)
    dis_opt.update(dis, grads)
    return loss


rngs = nnx.Rngs(0)
x = jnp.ones((8, 4))
for epoch in range(6):
    dis = Discriminator(rngs=rngs)
    dis_opt = nnx.Optimizer(dis, optax.adam(1e-3), wrt=nnx.Param)
    train_one_epoch(dis, dis_opt, x)  # label: ACC5
