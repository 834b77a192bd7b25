# source: https://github.com/netket/netket/issues/477
# framework: JAX
# A complex network used as a jax machine compiled again at every optimisation step: "the array
# of connected matrix elements has a variable batch size, due to different matrix elements being
# zero with different samples", and jit needs a fixed shape, so each new count compiles. Here the
# local energy is computed for each sample's connected configurations, whose number varies per
# sample (the nonzero off-diagonal elements of a random sparse operator row), and the jitted
# log-amplitude is called on them: it traces once per new count. The network is a small stand-in.
# verify: c.jax['log_psi'] >= 6
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def log_psi(w, sigma):
    return jnp.sum(jnp.log(jnp.cosh(sigma @ w)), axis=-1)


rng = np.random.default_rng(0)
n_sites = 8
w = jnp.asarray(rng.normal(size=(n_sites, 4)) * 0.1)
energies = []
for sample in range(30):
    sigma = rng.choice([-1.0, 1.0], size=n_sites)
    flips = np.flatnonzero(rng.random(n_sites) < 0.5)
    connected = np.repeat(sigma[None, :], len(flips), axis=0)
    connected[np.arange(len(flips)), flips] *= -1
    mels = -np.ones(len(flips))
    ratio = jnp.exp(log_psi(w, connected) - log_psi(w, sigma[None, :]))  # label: ACC5
    energies.append(jnp.sum(mels * ratio))
print(energies[-1])
