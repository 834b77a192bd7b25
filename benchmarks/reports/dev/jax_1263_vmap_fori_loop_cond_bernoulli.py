# source: https://github.com/jax-ml/jax/issues/1263
# framework: JAX
# "cond batching rule shape mismatch": `vmap(g)` over keys and rows, where g runs a `fori_loop`
# whose body splits the key, draws `random.bernoulli(rng)` and picks between `x` and
# `np.abs(x) - 1.` with `lax.cond`. On jax 0.1.4x the batched cond raised a select shape error;
# it now batches. The key is split on every step and passed per row, so every draw is new. Fine.
# The reporter's code, cond in the current signature (the true branch takes x, the false y).
# label: none
# verify: c.error is None and close(c.res, e.res)
import jax.numpy as np
from jax import lax, random, vmap


def f(rng, x):
    cond = random.bernoulli(rng)
    y = np.abs(x) - 1.0
    return lax.cond(cond, lambda ops: ops[0], lambda ops: ops[1], (x, y))


def body_fn(i, state):
    rng, x = state
    key, subkey = random.split(rng)
    return key, f(subkey, x)


def g(rng, x):
    return lax.fori_loop(0, 10, body_fn, (rng, x))


error = None
res = None
try:
    res = vmap(g)(random.split(random.PRNGKey(0), 3), np.ones((3, 4)))[1]
except Exception as exc:
    error = type(exc).__name__
print(error, res)
