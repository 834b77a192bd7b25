# source: https://github.com/jax-ml/jax/issues/7116
# framework: JAX
# `a = a.at[i].set(...)` in a jitted function that returns nothing: the user expected the
# caller's array to change, as Numba's in-place loop does. JAX arrays are immutable with or
# without jit - `.at[].set` returns a new array and the function drops it - so the jitted and
# the plain function behave the same: the caller's sum is 4950 before and after. Fine (a
# misunderstanding of immutability, not of tracing). Numba and timing removed.
# label: none
# verify: c.sum_after == c.sum_before and close(c.sum_after, e.sum_after)
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def inplace_func_jax(a):
    for i in range(a.size):
        a = a.at[i].set(2 * (2 * (a[i] + 1) + 1))


x = np.arange(100, dtype=np.int32)
x_jax = jnp.array(x.copy())
sum_before = int(x_jax.sum())
inplace_func_jax(x_jax)
sum_after = int(x_jax.sum())
print(sum_before, sum_after)
