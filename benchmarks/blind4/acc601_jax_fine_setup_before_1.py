# source: blind58:acc601_jax_fine_setup_before_1
# framework: JAX
# label: none
# A module-level scale is rebound by a config loader, but only before the first call of the
# jitted function: the trace reads the final value and nothing changes afterwards.
# verify: close(c.outs, e.outs) and c.jax['apply_scale'] == 1
import jax
import jax.numpy as jnp

SCALE = 1.0


def load_config(cfg):
    global SCALE
    SCALE = cfg["scale"]


@jax.jit
def apply_scale(x):
    return x * SCALE


load_config({"scale": 3.0})
outs = [apply_scale(jnp.ones(3) * i) for i in range(5)]
