"""Fix case from issue 14: the module imports `where` itself (`from jax.numpy import where`)
and a function has a local array of that name; its select must call `jax.numpy.where`, not
the local array (which raised "'ArrayImpl' object is not callable" once fixed), while the
function without the local uses the module's own `where`.
"""

import jax
from jax.numpy import where

from acclint.crosscheck.recipes import Call, arr


@jax.jit
def shifted(x):
    where = x * 0.5
    return jax.numpy.where(x.sum() > 0, x + where, x - where)  # expect: ACC201


@jax.jit
def mirrored(x):
    return where(x.sum() > 0, x, where(x > 0, -x, x))  # expect: ACC201


CALLS = {
    "shifted": Call("shifted", arr(3)),
    "mirrored": Call("mirrored", arr(3)),
}
