# source: https://github.com/probml/probml-notebooks/pull/70
# framework: JAX
# probml's notebook fix "Boolean indices is not jit compatible": `x.at[x < 0].set(0)` inside a
# jitted function, replaced with `jnp.where`. The run records jax 0.10.2's behaviour under jit
# against the eager twin.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


@jax.jit
def relu_like(x):
    return x.at[x < 0].set(0)  # label: ACC3


error = None
r = None
try:
    r = relu_like(jnp.array([-1.0, 2.0, -3.0]))
except Exception as exc:
    error = type(exc).__name__
print(error, r)
