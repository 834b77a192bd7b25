# source: blind55:jax_global_scale_1
# framework: JAX
# A KL-annealing weight kept as a module global and raised every epoch; the jitted loss read it
# when it was first traced, so every later epoch still uses the first value.
# verify: not close(c.losses, e.losses)
import jax
import jax.numpy as jnp

KL_WEIGHT = 0.0


@jax.jit
def vae_loss(mu, logvar, recon):
    kl = -0.5 * jnp.sum(1 + logvar - mu**2 - jnp.exp(logvar))
    return recon + KL_WEIGHT * kl  # label[a]: ACC6


mu, logvar = jnp.ones((4,)), jnp.zeros((4,))
losses = []
for epoch in range(5):
    KL_WEIGHT = min(1.0, epoch / 4)  # label[a]
    losses.append(float(vae_loss(mu, logvar, 1.0)))
