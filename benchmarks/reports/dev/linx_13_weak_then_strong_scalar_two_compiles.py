# source: https://github.com/cgiovanetti/LINX/issues/13
# framework: JAX
# Label: fine look-alike. LINX's background model is called once with `jnp.asarray(0.)` and then
# in a loop over `jnp.linspace(-5, 5, 10)`; the log showed a tracing cache miss (the polylog `Li`,
# jitted with its order `n` static, traced again under the new outer trace: "static args now 3 and
# before 4"), and the issue names weak typing as a suspect. Run here: the first argument is a weak
# float32 scalar, the loop's are strong ones, so the jitted model traces twice and then never again
# for the ten values: a bounded count. The model is cut to the massless Bose-Einstein densities
# that call `Li(3, ...)` and `Li(4, ...)`; `Li` is a short series, not the repository's.
# label: none
# verify: c.jax['background_model'] == 2 and close(c.outs, e.outs)
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, static_argnums=(0,))
def Li(n, z):
    return lax.fori_loop(1, 60, lambda j, val: val + z**j / j**n, 0.0)


def rho_massless_BE(T, mu, g):
    return lax.cond(T > 0.0, lambda T: g * 3 / jnp.pi**2 * Li(4, jnp.exp(mu / T)) * T**4,
                    lambda T: 0.0, T)


def n_massless_BE(T, mu, g):
    return lax.cond(T > 0.0, lambda T: g / jnp.pi**2 * Li(3, jnp.exp(mu / T)) * T**3,
                    lambda T: 0.0, T)


@jax.jit
def background_model(dNeff):
    T = 1.0 + 0.01 * dNeff
    return rho_massless_BE(T, -0.5, 2.0), n_massless_BE(T, -0.5, 2.0)


outs = [background_model(jnp.asarray(0.0))]
input_dNeff = jnp.linspace(-5, 5, 10, dtype=float)
for dNeff in input_dNeff:
    outs.append(background_model(jnp.asarray(dNeff)))
print(outs[-1])
