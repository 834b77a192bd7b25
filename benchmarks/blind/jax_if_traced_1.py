# source: blind55:jax_if_traced_1
# framework: JAX
# Gradient clipping written with a Python `if` on the traced gradient norm inside the jitted
# update: tracing raises (a traced value has no truth value); eagerly it works.
# verify: c.error == 'TracerBoolConversionError' and e.error is None
import jax
import jax.numpy as jnp


def clip(g, max_norm):
    norm = jnp.linalg.norm(g)
    if norm > max_norm:  # label: ACC2
        g = g * max_norm / norm
    return g


@jax.jit
def update(w, g):
    return w - 0.1 * clip(g, 1.0)


error = None
try:
    w = update(jnp.zeros((3,)), jnp.ones((3,)) * 5)
except Exception as exc:
    error = type(exc).__name__
