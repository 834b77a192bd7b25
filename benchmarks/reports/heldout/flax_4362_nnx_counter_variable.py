# source: https://github.com/google/flax/pull/4362
# framework: JAX
# "Update nnx_basics.ipynb": the NNX basics Counter, whose `__call__` increments an `nnx.Variable`
# subclass; the PR changed `self.count += 1` to `self.count.value += 1` (flax 0.12.8 refuses the
# in-place `+=` on the Variable itself, so the PR's line is the one that runs). The count is NNX
# state, carried back by `nnx.jit`, so it advances on every call. Fine. The guide's Counter with
# the PR's line, called three times under nnx.jit.
# label: none
# verify: c.counts == [1, 2, 3] and c.counts == e.counts
from flax import nnx


class Count(nnx.Variable):
    pass


class Counter(nnx.Module):
    def __init__(self):
        self.count = Count(0)

    def __call__(self):
        self.count.value += 1


counter = Counter()


@nnx.jit
def step(counter):
    counter()


counts = []
for _ in range(3):
    step(counter)
    counts.append(int(counter.count.value))
print(counts)
