# source: blind58:acc604_jax_bound_loss_1
# framework: JAX
# A VAE jits its bound loss method once; a KL annealer holding the same model object raises
# `model.kl_weight` every epoch. The jitted trace read the attribute once and keeps it.
# verify: not close(c.losses, e.losses)
import jax
import jax.numpy as jnp


class VAE:
    def __init__(self):
        self.kl_weight = 0.0
        self.loss_fn = jax.jit(self.loss)

    def loss(self, recon, kl):
        return recon + self.kl_weight * kl  # label[a]: ACC604


class KLAnnealer:
    def __init__(self, model):
        self.model = model

    def step(self, epoch):
        self.model.kl_weight = min(1.0, 0.25 * epoch)  # label[a]


model = VAE()
annealer = KLAnnealer(model)
losses = []
for epoch in range(4):
    annealer.step(epoch)
    losses.append(model.loss_fn(jnp.float32(1.0), jnp.float32(2.0)))
