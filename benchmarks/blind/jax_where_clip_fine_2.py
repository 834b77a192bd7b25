# source: blind55:jax_where_clip_fine_2
# framework: JAX
# label: none
# Gradient clipping without a Python branch: the scale is computed with jnp.minimum, so the
# jitted update traces and matches eager.
# verify: close(c.w, e.w)
import jax
import jax.numpy as jnp


def clip(g, max_norm):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, max_norm / (norm + 1e-6))


@jax.jit
def update(w, g):
    return w - 0.1 * clip(g, 1.0)


w = update(jnp.zeros((3,)), jnp.ones((3,)) * 5)
