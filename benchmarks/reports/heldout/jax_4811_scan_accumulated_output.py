# source: https://github.com/jax-ml/jax/issues/4811
# framework: JAX
# "JAX scan accumulated output slows down the loops": two Newton square roots by `lax.scan`, one
# body returning the new value as the per-step output and one returning None; the reporter then
# found the gap only applied to non-jitted functions and closed the issue. Nothing is hidden from
# the trace: both compute the same root, jitted or not. Fine. The reporter's corrected code.
# label: none
# verify: close(c.r1, c.r2) and close(c.r1, e.r1)
import jax
import jax.numpy as jnp
from jax.lax import scan


def sqrt_not_careful(x):
    def body(val, _):
        new_val = 0.5 * (val + x / val)
        return new_val, new_val

    res, _ = scan(body, jnp.ones_like(x), jnp.arange(10))
    return res


def sqrt_careful(x):
    def body(val, _):
        new_val = 0.5 * (val + x / val)
        return new_val, None

    res, _ = scan(body, jnp.ones_like(x), jnp.arange(10))
    return res


x = jnp.arange(1.0, 6.0)
r1 = jax.jit(sqrt_not_careful)(x)
r2 = jax.jit(sqrt_careful)(x)
