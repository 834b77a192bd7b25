# source: https://github.com/google/flax/pull/5485
# framework: JAX
# Flax's "auto-capture of closure Variables in NNX transforms" pull request: before it, a
# function passed to a JAX transform could not close over a Module, and "external parameter
# changes are reflected in subsequent calls" is what the new capture guarantees. With plain
# `jax.jit`, a function that closes over an NNX Linear reads the kernel while it is traced: the
# values are baked into the compiled function, and after the training update the second call
# still uses the old weights.
# verify: not close(c.y2, e.y2)
import jax
import jax.numpy as jnp
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))


@jax.jit
def forward(x):
    return model(x)  # label[g]: ACC6


x = jnp.ones((1, 2))
y1 = forward(x)
model.kernel.value = model.kernel.value * 2.0  # a parameter update  # label[g]
y2 = forward(x)
print(y1, y2)
