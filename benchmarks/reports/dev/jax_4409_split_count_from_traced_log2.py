# source: https://github.com/jax-ml/jax/issues/4409
# framework: JAX
# "Compile error on updating to JAX-0.2.0": inside a jitted sampler step, `depth` comes from
# `jnp.log2(num_clusters) + 1` with `num_clusters = sampler_state.mu.shape[0]`, and
# `random.split(key, 2 ** (depth - 1) - 1)` needs a concrete count: "It thinks num_splittings a
# Traced<ShapedArray(int64[])>". The jnp computation on a static shape is staged out, so the
# count is traced (the maintainers: use NumPy for what should be evaluated at trace time).
# Reduced: the three lines in a jitted function of the sampler's state; eagerly they run.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp
from jax import random


@jax.jit
def split_per_cluster(mu, key):
    num_clusters = mu.shape[0]  # 2^(depth-1)
    depth = jnp.log2(num_clusters) + 1
    depth = depth.astype(jnp.int_)
    num_splittings = 2 ** (depth - 1) - 1
    keys = random.split(key, num_splittings)  # label: ACC3
    return keys


error = None
try:
    keys = split_per_cluster(jnp.zeros((8, 2)), random.PRNGKey(0))
except Exception as exc:
    error = type(exc).__name__
print(error)
