# source: https://github.com/google-research/multinerf/pull/62
# framework: JAX
# "Fix TracerArrayConversionError when Config.cast_rays_in_train_step=True": with rays cast
# inside `train_step`, "the runtime `numpy` should be `jax.numpy`. However, the argument `xnp`
# is not passed to the function `convert_to_ndc`", which then runs NumPy on the traced rays:
# "TracerArrayConversionError: The numpy.ndarray conversion method __array__() was called on
# the JAX Tracer object". Reduced to `camera_utils.convert_to_ndc` (its body as in multinerf)
# called without `xnp` from a ray-casting helper inside the jitted train step; passing
# `xnp=jnp` (the PR's fix) runs.
# verify: c.raised and not e.raised
import types

import jax
import jax.numpy as jnp
import numpy as np


def convert_to_ndc(origins, directions, pixtocam, near: float = 1., xnp: types.ModuleType = np):
    """Converts a set of rays to normalized device coordinates (NDC)."""
    t = -(near + origins[..., 2]) / directions[..., 2]
    origins = origins + t[..., None] * directions
    dx, dy, dz = xnp.moveaxis(directions, -1, 0)  # label[n]: ACC3
    ox, oy, oz = xnp.moveaxis(origins, -1, 0)  # label[n]
    xmult = 1. / pixtocam[0, 2]
    ymult = 1. / pixtocam[1, 2]
    origins_ndc = xnp.stack([xmult * ox / oz, ymult * oy / oz, -xnp.ones_like(oz)], axis=-1)
    infinity_ndc = xnp.stack([xmult * dx / dz, ymult * dy / dz, xnp.ones_like(oz)], axis=-1)
    directions_ndc = infinity_ndc - origins_ndc
    return origins_ndc, directions_ndc


def cast_ray_batch(origins, directions, pixtocam, xnp):
    origins = origins * xnp.ones_like(origins)
    return convert_to_ndc(origins, directions, pixtocam)  # label[n]


@jax.jit
def train_step(origins, directions, pixtocam):
    origins_ndc, directions_ndc = cast_ray_batch(origins, directions, pixtocam, xnp=jnp)
    return jnp.sum(origins_ndc ** 2) + jnp.sum(directions_ndc ** 2)


pixtocam = jnp.array([[0.01, 0.0, -0.5], [0.0, 0.01, -0.5], [0.0, 0.0, 1.0]])
origins = jnp.zeros((4, 3))
directions = jnp.tile(jnp.array([0.1, 0.2, -1.0]), (4, 1))
try:
    loss = train_step(origins, directions, pixtocam)
    raised = False
except jax.errors.TracerArrayConversionError:
    raised = True
print(raised)
