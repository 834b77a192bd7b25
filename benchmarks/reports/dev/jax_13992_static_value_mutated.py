# source: https://github.com/jax-ml/jax/issues/13992
# framework: JAX
# A static argument with a value-based `__hash__` is mutated between calls (`v.val = 0`). The
# second call misses the cache (new hash) and is right; the third hits the entry keyed by the
# first call's object, which is the same `v`, now equal to the new key: it returns the trace
# that read `v.val == 100`. The maintainers: mutating a hashed static value is user error.
# verify: c.r3 == 101 and e.r3 == 1
from functools import partial

from jax import jit


class StaticValue:
    def __init__(self, val):
        self.val = val

    def __hash__(self):
        return hash(self.val)

    def __eq__(self, other):
        return isinstance(other, StaticValue) and self.val == other.val


@partial(jit, static_argnums=0)
def add(v, y):
    return y + v.val  # label[g]: ACC6


v = StaticValue(100)
r1 = int(add(v, 1))
v.val = 0  # label[g]
r2 = int(add(v, 1))
r3 = int(add(v, 1))
print(r1, r2, r3)
