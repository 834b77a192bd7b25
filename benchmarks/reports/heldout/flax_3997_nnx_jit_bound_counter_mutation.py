# source: https://github.com/google/flax/issues/3997
# framework: JAX
# `nnx.jit(counter)()` over a module whose `__call__` increments a Variable fails with
# "TraceContextError: Cannot mutate Count from a different trace level": the module is the
# transformed callable itself, captured rather than passed, so its state is not lifted into the
# trace and the write targets an object outside it. Passing the module as an argument works
# (`step(counter)`), as the Flax docs later explain. Checked with flax 0.12 / jax 0.10: the
# first raises, the second counts; unjitted both count.
# verify: "TraceContextError" in c.error and e.error is None
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class Counter(nnx.Module):
    def __init__(self):
        self.count = Count(jnp.array(0))

    def __call__(self):
        self.count.value += 1  # label: ACC4


counter = Counter()
counter()

error = None
try:
    nnx.jit(counter)()
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)


@nnx.jit
def step(c):
    c()


step(counter)
print(counter.count.value)
