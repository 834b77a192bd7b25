# source: https://github.com/jax-ml/jax/pull/20732 (stateful computations doc)
# `jax.jit(counter.count)`: the attribute update runs only while tracing, so the jitted
# counter returns 1 on every call. `return self.n` is no stale read (ACC604): the write in
# `reset` is on no path the script runs (batch 22's dev half, jax_20732 line 22; stop 48).
import jax


class Counter:
    def __init__(self):
        self.n = 0

    def count(self) -> int:
        self.n += 1  # expect: ACC409
        return self.n

    def reset(self):
        self.n = 0


counter = Counter()
fast_count = jax.jit(counter.count)
for _ in range(3):
    print(fast_count())
