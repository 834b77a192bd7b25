# source: https://crackedaicode.com/problems/jax-compilation-cache-key
# framework: JAX
# "Compilation Cache Key": the problem's BAD pattern, `hot_call(x)` building
# `f = jax.jit(lambda y: jnp.sum(y ** 2))` on every call, so every call is a brand-new jit object
# and a cache miss. Run here in the hot loop the page warns about: ten calls, ten compiles of the
# lambda (the page's GOOD pattern, a top-level `@jax.jit` helper, compiles once and is kept
# beside it).
# verify: c.jax['<lambda>'] >= 8 and c.jax['_stable_sum_sq'] == 1
import jax
import jax.numpy as jnp


@jax.jit
def _stable_sum_sq(x):
    return jnp.sum(x ** 2)


def hot_call(x):
    f = jax.jit(lambda y: jnp.sum(y ** 2))  # label[g]: ACC5
    return f(x)


x = jnp.array([1.0, 2.0, 3.0])
bad = [float(hot_call(x)) for _ in range(10)]  # label[g]
good = [float(_stable_sum_sq(x)) for _ in range(10)]
print(bad[-1], good[-1])
