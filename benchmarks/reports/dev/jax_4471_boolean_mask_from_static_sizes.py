# source: https://github.com/jax-ml/jax/issues/4471
# framework: JAX
# "Change in behavior of boolean masks inside jitted functions in jax 0.2.0": a mask built inside
# the jitted function from sizes only (no traced data) worked before omnistaging and fails
# after: the jnp comparison is staged, so the mask is a tracer and `x[mask]` needs a concrete
# boolean index. Still so on jax 0.10.2 (NonConcreteBooleanIndexError); eagerly it runs.
# verify: c.error is not None and e.error is None
from functools import partial
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def create_mask_inside_jitted_function(x, n):
    mask = jnp.arange(x.shape[0]) < n
    return x[mask].sum()  # label: ACC3


error = None
r = None
try:
    r = create_mask_inside_jitted_function(jnp.arange(10.0), 4)
except Exception as exc:
    error = type(exc).__name__
print(error, r)
