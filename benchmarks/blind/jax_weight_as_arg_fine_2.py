# source: blind55:jax_weight_as_arg_fine_2
# framework: JAX
# label: none
# The annealed KL weight is passed to the jitted loss as an argument, so each epoch's value is
# used (one compile: a traced scalar).
# verify: close(c.losses, e.losses) and c.jax['vae_loss'] == 1
import jax
import jax.numpy as jnp


class Annealer:
    def __init__(self, total):
        self.total = total
        self.weight = 0.0

    def step(self, epoch):
        self.weight = min(1.0, epoch / self.total)


@jax.jit
def vae_loss(mu, logvar, recon, kl_weight):
    kl = -0.5 * jnp.sum(1 + logvar - mu**2 - jnp.exp(logvar))
    return recon + kl_weight * kl


annealer = Annealer(4)
mu, logvar = jnp.ones((4,)), jnp.zeros((4,))
losses = []
for epoch in range(5):
    annealer.step(epoch)
    losses.append(float(vae_loss(mu, logvar, 1.0, annealer.weight)))
