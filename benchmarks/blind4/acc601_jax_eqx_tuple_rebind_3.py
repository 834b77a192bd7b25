# source: blind58:acc601_jax_eqx_tuple_rebind_3
# framework: JAX
# An eqx.filter_jit update reads module-level LR and MOMENTUM; a `while` loop at module level
# rebinds both from a schedule by tuple unpacking. filter_jit keeps the first trace.
# verify: not close(c.params, e.params)
import equinox as eqx
import jax.numpy as jnp

LR, MOMENTUM = 0.1, 0.9


@eqx.filter_jit
def update(p, v, g):
    v = MOMENTUM * v + g  # label[a]: ACC601
    return p - LR * v, v  # label[a]


def schedule(t):
    return 0.1 / (t + 1), 0.9 - 0.1 * t


params, velocity, t = jnp.ones(3), jnp.zeros(3), 0
while t < 4:
    params, velocity = update(params, velocity, jnp.ones(3))
    t += 1
    LR, MOMENTUM = schedule(t)  # label[a]
