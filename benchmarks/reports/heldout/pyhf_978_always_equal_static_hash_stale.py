# source: https://github.com/scikit-hep/pyhf/issues/978
# framework: JAX
# "Hash Hacking: jax no re-jit but no re-compute too?": to stop re-jitting, the `StitchedPars`
# callable passed as a static argument got `__hash__` returning one constant and `__eq__`
# returning True. JAX then treats every instance as the first one and replays its trace, so a
# stitcher with other `fixed_values` gives the first one's result. Checked with jax 0.10: 2.0 and
# 2.0 where eager gives 2.0 and 10.0. The tensor backend and `tv.stitch` are reduced to an add.
# verify: close(c.first, c.second) and not close(e.first, e.second)
from functools import partial

import jax
import jax.numpy as jnp


class StitchedPars(object):
    def __init__(self, tv=None, fixed_values=None):
        self.tv = tv
        self.fixed_values = fixed_values

    def __call__(self, pars):
        return pars + jnp.asarray(self.fixed_values)  # label[a]: ACC6

    def __hash__(self):
        return hash("thisisauniquehash")

    def __eq__(self, other):
        return True


@partial(jax.jit, static_argnums=(0,))
def nll(stitcher, pars):
    return jnp.sum(stitcher(pars))


pars = jnp.zeros(2)
first = nll(StitchedPars(fixed_values=[1.0, 1.0]), pars)
second = nll(StitchedPars(fixed_values=[5.0, 5.0]), pars)  # label[a]
print(first, second)
