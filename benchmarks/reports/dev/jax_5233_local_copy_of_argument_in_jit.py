# source: https://github.com/jax-ml/jax/issues/5233
# framework: JAX
# `x_copy = x` then `x_copy = x_copy ** 2` inside a jitted function: the user asks whether this
# changes `x` as a side effect. It rebinds a local name; nothing outside the function changes
# (the maintainer's answer). Fine. (The "do things" part returns `x_copy`.)
# label: none
# verify: close(c.x, [1.0, 2.0, 3.0]) and close(c.result, [1.0, 4.0, 9.0])
import jax.numpy as jnp
from jax import jit


@jit
def func(x):
    x_copy = x
    x_copy = x_copy ** 2
    return x_copy


x = jnp.array([1.0, 2.0, 3.0])
result = func(x)
