# source: blind55:jax_float_arg_fine_1
# framework: JAX
# label: none
# A learning rate schedule gives a new Python float every step, passed as an ordinary (traced)
# argument: a weakly typed scalar, the same abstract value every time, one compile.
# verify: c.jax['sgd_step'] == 1
import math

import jax
import jax.numpy as jnp


def cosine_lr(step, total, base=0.1):
    return base * 0.5 * (1 + math.cos(math.pi * step / total))


@jax.jit
def sgd_step(w, x, y, lr):
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    return w - lr * g


w = jnp.zeros((3,))
x, y = jnp.ones((8, 3)), jnp.ones((8,))
for step in range(15):
    w = sgd_step(w, x, y, cosine_lr(step, 15))
