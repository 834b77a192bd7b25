# source: blind56:jax_nnx_kl_weight_hidden_1
# framework: JAX
# A flax.nnx VAE-style model is trained with an `nnx.jit` step whose loss reads the KL weight
# from a module-level schedule dict; the annealing helper raises the weight each epoch. The
# trace keeps the weight of the first epoch.
# verify: not close(c.losses, e.losses)
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
def train_step(model, optimizer, x):
    def loss_fn(m):
        recon, kl = m(x)
        return jnp.mean((recon - x) ** 2) + SCHEDULE["kl_weight"] * kl  # label[a]: ACC6

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def anneal(epoch, epochs):
    SCHEDULE["kl_weight"] = min(1.0, (epoch + 1) / epochs)  # label[a]


model = TinyVAE(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
x = jnp.linspace(-1.0, 1.0, 16).reshape(4, 4)
losses = []
for epoch in range(4):
    losses.append(train_step(model, optimizer, x))
    anneal(epoch, 4)
