# source: blind56:jax_nnx_kl_weight_fine_1
# framework: JAX
# label: none
# The same annealed KL weight passed to the `nnx.jit` step as an argument (a JAX scalar), so
# every epoch's weight reaches the compiled loss.
# verify: close(c.losses, e.losses)
import jax.numpy as jnp
import optax
from flax import nnx

SCHEDULE = {"kl_weight": 0.0}


class TinyVAE(nnx.Module):
    def __init__(self, rngs):
        self.enc = nnx.Linear(4, 2, rngs=rngs)
        self.dec = nnx.Linear(2, 4, rngs=rngs)

    def __call__(self, x):
        z = self.enc(x)
        return self.dec(z), jnp.mean(z ** 2)


@nnx.jit
def train_step(model, optimizer, x, kl_weight):
    def loss_fn(m):
        recon, kl = m(x)
        return jnp.mean((recon - x) ** 2) + kl_weight * kl

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def anneal(epoch, epochs):
    SCHEDULE["kl_weight"] = min(1.0, (epoch + 1) / epochs)


model = TinyVAE(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
x = jnp.linspace(-1.0, 1.0, 16).reshape(4, 4)
losses = []
for epoch in range(4):
    losses.append(train_step(model, optimizer, x, jnp.float32(SCHEDULE["kl_weight"])))
    anneal(epoch, 4)
