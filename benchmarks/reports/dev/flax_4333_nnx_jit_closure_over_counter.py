# source: https://github.com/google/flax/pull/4333
# framework: JAX
# Flax's "[nnx] improve transforms guide" adds "Mutable Module cannot be passed by closure": a
# stateful `Counter` that increments a variable every time it is called, captured by closure in
# a function decorated with `nnx.jit` - "we would be leaking the tracer" (the PR notes JAX's own
# tracer-level check was off, so the guide's expected error did not show). Run on flax 0.12.8:
# the increment inside the trace writes a tracer into the captured Module's variable, and NNX
# raises TraceContextError; eagerly the counter counts. The error is caught.
# verify: c.error is not None and "TraceContextError" in c.error and e.error is None and e.count == 2
import jax.numpy as jnp
from flax import nnx


class Counter(nnx.Module):
    def __init__(self):
        self.count = nnx.BatchStat(jnp.array(0))

    def __call__(self):
        self.count.value += 1  # label: ACC4


counter = Counter()


@nnx.jit
def increment():
    counter()


error = None
try:
    increment()
    increment()
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
count = int(counter.count.value)
print(error, count)
