# source: https://github.com/google/flax/issues/4539
# framework: JAX
# Label: fine look-alike. The user found that jitting a dropout module gave the same value on
# every call (their code is in a Colab the thread links, not quoted). The reply quoted in the
# thread runs the module through `nnx.jit`, which carries the module's `Rngs` state in and out
# of the compiled call, "then everything works fine": each call draws a new mask. The reply's
# code is kept, called three times (it calls it once).
# label: none
# verify: not close(c.y1, c.y2) and not close(c.y2, c.y3)
from flax import nnx
from jax import numpy as jnp

@nnx.jit
def forward(model, x):
    return model(x)

module = nnx.Dropout(0.5, rngs=nnx.Rngs(0))
y1 = forward(module, jnp.ones((3, 5)))
y2 = forward(module, jnp.ones((3, 5)))
y3 = forward(module, jnp.ones((3, 5)))
