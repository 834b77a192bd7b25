# source: https://github.com/jax-ml/jax/pull/4312
# framework: JAX
# "improve an escaped tracer error message": the PR's repro of what Flax and Haiku users hit
# after omnistaging - an `init` that splits a global PRNG key. Eagerly each call draws a new
# number; `init = jit(init)` repeats the same number on every call ("repeated randomness but no
# error, because we aren't re-executing the Python function"), and the global key now holds an
# escaped tracer.
# verify: c.jit_draws[0] == c.jit_draws[1] and e.jit_draws[0] != e.jit_draws[1] and c.key_is_tracer
import jax
from jax import jit
from jax import random

key = random.PRNGKey(0)


def init():
    global key
    key, subkey = random.split(key)  # label: ACC4 label[r]
    return random.normal(subkey, ())  # label[r]: ACC1


print(init())
print(init())

init = jit(init)
jit_draws = [float(init()), float(init())]
key_is_tracer = isinstance(key, jax.core.Tracer)
print(jit_draws, key_is_tracer)
