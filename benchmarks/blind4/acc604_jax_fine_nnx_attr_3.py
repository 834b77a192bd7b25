# source: blind58:acc604_jax_fine_nnx_attr_3
# framework: JAX
# label: none
# An nnx.Module keeps a Python float attribute that a schedule rewrites between calls of an
# nnx.jit step. nnx.jit splits the module each call; a plain attribute is part of the static
# graph definition, so a new value is a new key and the trace is rebuilt.
# verify: close(c.outs, e.outs) and c.jax['forward'] >= 2
import jax.numpy as jnp
from flax import nnx


class Dropish(nnx.Module):
    def __init__(self):
        self.scale = 1.0
        self.w = nnx.Param(jnp.ones(3))

    def __call__(self, x):
        return self.w.value * x * self.scale


@nnx.jit
def forward(model, x):
    return model(x)


model = Dropish()
outs = []
for scale in (1.0, 2.0, 3.0):
    model.scale = scale
    outs.append(forward(model, jnp.ones(3)))
