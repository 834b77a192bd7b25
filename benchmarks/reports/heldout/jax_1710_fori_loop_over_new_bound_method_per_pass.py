# source: https://github.com/jax-ml/jax/issues/1710
# framework: JAX
# fehiepsi's reduction in the thread: an eager `lax.fori_loop` whose body is the bound method of
# an object made anew on each pass (`abc = ABC()`), so the loop body is a new function every
# pass and the loop (a scan, its bounds being static) is traced and compiled again each time; pulling `body_fn` out of
# the class keeps the counts flat. The GC object census is removed; the loop keeps its 3 passes.
# verify: c.jax['scan'] >= 3
import jax; jax.config.update('jax_platform_name', 'cpu')
from jax import numpy as np
from jax import lax, random

class ABC:
    def body_fn(self, i, key):
        key, _ = random.split(key)
        return key

for i in range(3):
    abc = ABC()
    value = lax.fori_loop(0, 10, abc.body_fn, random.PRNGKey(0))  # label: ACC5
