# source: https://github.com/jax-ml/jax/issues/4572
# framework: JAX
# `main_function_jit` is called inside `wrapper`, itself jitted; the user asks whether the inner
# compile can be reused. It is inlined into the outer trace; the outer function is compiled once
# and reused for every call. Fine. (The follow-up about static constant arrays has no code.)
# label: none
# verify: c.jax['wrapper'] == 1
import jax.numpy as jnp
from jax import jit


def main_function(x):
    return x + 1


main_function_jit = jit(main_function)


def wrapper(x):
    return main_function_jit(x)


wrapper_jit = jit(wrapper)
for i in range(10):
    y = wrapper_jit(jnp.ones(3) * i)
