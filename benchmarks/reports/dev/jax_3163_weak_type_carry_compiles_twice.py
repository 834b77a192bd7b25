# source: https://github.com/jax-ml/jax/issues/3163
# framework: JAX
# `x = my_fn(x, i)` in a loop, starting from the Python int 0: on jax 0.1.x the first call
# traced with a weak-typed int32 and the result was a strong int32, so the second call traced
# again (weak types, the maintainers explained); after that every call hit the cache. On
# jax 0.10 the result of weak + weak stays weak: one trace for the ten calls. Fine. The user's global trace counter and print are removed (the compile log counts traces).
# label: none
# verify: c.jax['my_fn'] <= 2 and close(c.x, e.x)
import jax


@jax.jit
def my_fn(x, y):
    return x + y


x = 0

for i in range(10):
    x = my_fn(x, i)
