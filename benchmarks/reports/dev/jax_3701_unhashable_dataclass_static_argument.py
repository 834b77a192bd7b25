# source: https://github.com/jax-ml/jax/issues/3701
# framework: JAX
# A `@dataclasses.dataclass` config (not frozen, so unhashable) passed as a static argument;
# `evaluate()` builds a new one on every call. In 2020 jit hashed it by identity and retraced
# on every call; today it refuses it (`TypeError: unhashable type: 'Config'`). Either way the
# static argument cannot key the cache. (`evaluate` is called five times; the error is caught
# to be checked.)
# verify: "unhashable" in c.error
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Config:
    some_value: int


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    return data * config.some_value


def evaluate():
    config = Config(3)
    data = jnp.ones(4)
    return do_stuff(data, config)  # label: ACC5


error = None
try:
    for _ in range(5):
        evaluate()
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
