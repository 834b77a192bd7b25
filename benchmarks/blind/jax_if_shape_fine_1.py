# source: blind55:jax_if_shape_fine_1
# framework: JAX
# label: none
# Python `if`s inside the jitted function test a shape and a config flag, both known at trace
# time; nothing traced is converted to bool.
# verify: close(c.result, e.result)
import jax
import jax.numpy as jnp


class Cfg:
    residual = True


@jax.jit
def block(x, w):
    h = x @ w
    if h.shape[-1] == x.shape[-1] and Cfg.residual:
        h = h + x
    if x.ndim == 3:
        h = h.mean(axis=1)
    return jnp.where(h > 0, h, 0.01 * h)


result = block(jnp.ones((2, 4)), jnp.eye(4))
