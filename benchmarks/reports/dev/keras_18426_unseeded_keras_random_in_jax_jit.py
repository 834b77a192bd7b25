# source: https://github.com/keras-team/keras/issues/18426
# framework: JAX
# "current rng setup is full of footguns in jax": "unseeded calls to e.g. `keras.random.uniform`
# are going to acquire static seeds at trace time ... subsequent calls will have the same
# randomness each time (e.g. dropout will have a fixed mask instead of random each step)".
# Keras 3.15 with the JAX backend now refuses the unseeded op while JAX traces ("Unseeded random
# ops would get incorrectly traced by JAX and would become constant after tracing"): the jitted
# function raises; run without jit it draws new numbers on every call.
# verify: c.error is not None and e.error is None and not e.same_draws
import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import jax.numpy as jnp
import keras


@jax.jit
def jitted_random_numbers(x):
    return x + keras.random.uniform((4,))  # label: ACC1


x = jnp.zeros(4)
error = None
same_draws = None
try:
    draws = [jitted_random_numbers(x) for _ in range(3)]
    same_draws = bool(jnp.all(draws[0] == draws[1]) and jnp.all(draws[1] == draws[2]))
except Exception as exc:
    error = type(exc).__name__
print(error, same_draws)
