# source: blind55:jax_global_setup_fine_1
# framework: JAX
# label: none
# The global is set from the command-line style config once, before the first call, and never
# changes after: the jitted function's frozen copy is always right.
# verify: close(c.losses, e.losses)
import jax
import jax.numpy as jnp

KL_WEIGHT = 0.0


def setup(args):
    global KL_WEIGHT
    KL_WEIGHT = args["kl_weight"]


@jax.jit
def vae_loss(mu, logvar, recon):
    kl = -0.5 * jnp.sum(1 + logvar - mu**2 - jnp.exp(logvar))
    return recon + KL_WEIGHT * kl


setup({"kl_weight": 0.25})
mu, logvar = jnp.ones((4,)), jnp.zeros((4,))
losses = [float(vae_loss(mu * e, logvar, 1.0)) for e in range(5)]
