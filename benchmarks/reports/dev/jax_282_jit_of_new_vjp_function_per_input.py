# source: https://github.com/jax-ml/jax/issues/282
# framework: JAX
# "First attempt: this is bad, because `vjp_fun` needs be recompiled for each x even though the
# code is the same": for every `x` of a data set, `jax.vjp` returns a new function and `jax.jit`
# is applied to it, so each pass of the outer loop compiles again (the inner loop over `v` reuses
# it). The report's `f` is any function; `many_xs` and `many_vs` are the data, their sizes
# variables here.
# verify: c.jax['<unnamed function>'] >= 8
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) * x


num_xs, num_vs = 10, 3
many_xs = [jnp.ones(3) * i for i in range(num_xs)]
many_vs = [jnp.ones(3) * j for j in range(num_vs)]

for x in many_xs:
    fx, vjp_fun = jax.vjp(f, x)
    vjp_fun = jax.jit(vjp_fun)  # label[a]: ACC5
    for v in many_vs:
        vjp_fun(v)  # label[a]
