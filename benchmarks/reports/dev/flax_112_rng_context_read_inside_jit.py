# source: https://github.com/google/flax/issues/112
# framework: JAX
# Old Flax's `nn.stochastic(key)` context keeps a global RNG that `nn.make_rng()` splits; a
# jitted `rnd()` that calls `make_rng()` splits it once, while tracing, so the five calls in
# the loop print the same numbers; eagerly each call draws new ones. The `flax.nn` API is
# gone: its context and `make_rng` are written out (a global stack, split on each use).
# verify: close(c.outs[0], c.outs[4]) and not close(e.outs[0], e.outs[4])
import contextlib

import jax

_rng_stack = []


@contextlib.contextmanager
def stochastic(rng):
    _rng_stack.append(rng)
    try:
        yield
    finally:
        _rng_stack.pop()


def make_rng():
    rng, subkey = jax.random.split(_rng_stack[-1])
    _rng_stack[-1] = rng  # label: ACC4
    return subkey


@jax.jit
def rnd():
    return (jax.random.randint(make_rng(), (5,), 0, 10),
            jax.random.randint(make_rng(), (5,), 0, 10))


outs = []
with stochastic(jax.random.PRNGKey(0)):
    for _ in range(5):
        outs.append(rnd())
        print(outs[-1])
