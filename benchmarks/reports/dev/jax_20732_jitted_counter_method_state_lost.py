# source: https://github.com/jax-ml/jax/pull/20732
# framework: JAX
# The stateful-computations tutorial's counter: `Counter.count` adds one to `self.n` and
# returns it, and "let's say we want to count fast, so we JIT-compile the count method". The
# jitted method runs its Python only while tracing: `self.n` is incremented once, at the trace,
# and every later call returns the traced constant 1 ([1, 1, 1]) while the eager counter gives
# [1, 2, 3]. The tutorial's code.
# verify: c.counts == [1, 1, 1] and e.counts == [1, 2, 3]
import jax
import jax.numpy as jnp


class Counter:
    """A simple counter."""

    def __init__(self):
        self.n = 0

    def count(self) -> int:
        """Increments the counter and returns the new value."""
        self.n += 1  # label: ACC4
        return self.n

    def reset(self):
        """Resets the counter to zero."""
        self.n = 0


counter = Counter()
fast_count = jax.jit(counter.count)
counts = [int(fast_count()) for _ in range(3)]
print(counts)
