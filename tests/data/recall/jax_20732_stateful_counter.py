# source: https://github.com/jax-ml/jax/pull/20732 (stateful computations doc)
# `jax.jit(counter.count)`: the attribute update runs only while tracing, so the jitted
# counter returns 1 on every call.
import jax


class Counter:
    def __init__(self):
        self.n = 0

    def count(self) -> int:
        self.n += 1  # expect: ACC409
        return self.n  # expect: ACC604

    def reset(self):
        self.n = 0


counter = Counter()
fast_count = jax.jit(counter.count)
for _ in range(3):
    print(fast_count())
