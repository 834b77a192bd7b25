# source: https://github.com/google/flax/issues/3863
# framework: JAX
# Label: fine look-alike, fine today. The user jitted a function of an nnx Module whose int
# attribute `x` is a static field, and found on flax 0.8.2 that two modules differing only in
# `x` had equal tree hashes, so the jitted function ran its first trace for both (printed "1"
# where "2" was due). The maintainer's fix made static fields part of the tree structure ("This
# works on master (prints "1 2")"). On flax 0.12 nnx Modules are pytrees without the report's
# `experimental_pytree=True` class argument (removed here), and the run traces `f` once per
# static value: both results are right. The trace-marker `print(x.x)` is replaced by
# `return x.x` (the compile log counts the traces).
# label: none
# verify: c.jax['f'] == 2 and (c.r1, c.r2, c.r3) == (1, 2, 1)
from flax import nnx
from jax import jit
from jax.tree import flatten


class C(nnx.Module):
    def __init__(self, x):
        self.x = x


c = C(1)
d = C(2)

values, tree, = flatten(c)
valuesd, treed, = flatten(d)


@jit
def f(x):
    return x.x


print(hash(tree), hash(treed), tree, treed, values, valuesd)
r1 = f(c)
r2 = f(d)
r3 = f(c)
