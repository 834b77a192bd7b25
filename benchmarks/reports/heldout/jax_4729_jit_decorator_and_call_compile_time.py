# source: https://github.com/jax-ml/jax/issues/4729
# framework: JAX
# "Performance difference between @jit and jit()": the first call of `jit(relu_default)` took
# longer than the first call of the decorated `relu_decorator`; the answer: the first one also
# compiled `jnp.maximum`'s own jit. Each function is traced once and then reused. A fine
# look-alike; the report's code with the `%time`/`%timeit` lines as plain calls.
# label: none
# verify: c.jax['relu_default'] == 1 and c.jax['relu_decorator'] == 1
import jax.numpy as jnp
from jax import jit


def relu_default(x):
    return jnp.maximum(0, x)


@jit
def relu_decorator(x):
    return jnp.maximum(0, x)


relu_jit = jit(relu_default)
relu_jit(2.0).block_until_ready()
relu_decorator(2.0).block_until_ready()
num_timings = 7  # %timeit's runs
for _ in range(num_timings):
    relu_jit(2.0).block_until_ready()
    relu_decorator(2.0).block_until_ready()
