# source: https://github.com/jax-ml/jax/issues/3108
# framework: JAX
# "Partial evaluation of scan computation evaluates loop counter at compile time": `polyval`
# calls the jitted `_polyval` (a `lax.scan` over the coefficients), `pv = jax.jit(polyval)` is
# called twice with the same shapes. The report is about wasted work at compile time; the
# cache does its job (one trace each) and the values are the eager ones.
# label: none
# verify: c.jax['polyval'] == 1 and c.jax['_polyval'] <= 1 and close(c.values, e.values)
import jax
import jax.lax as lax
import jax.numpy as jnp
import numpy as np


@jax.jit
def _polyval(p, x):
    shape = lax.broadcast_shapes(p.shape[1:], x.shape)
    dtype = jnp.result_type(p, x)
    y = lax.full_like(x, 0, shape=shape, dtype=dtype)
    y, _ = lax.scan(lambda y, p: (y * x + p, None), y, p)
    return y


def polyval(p, x):
    return _polyval(p, x)


rng = np.random.RandomState(0)
x = np.float32(rng.rand())
p = rng.randn(100).astype(np.float32)
pv = jax.jit(polyval)
values = [pv(p, x).block_until_ready(), pv(p, x).block_until_ready()]
print(values)
