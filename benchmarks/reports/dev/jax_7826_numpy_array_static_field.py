# source: https://github.com/jax-ml/jax/issues/7826
# framework: JAX
# A flax struct dataclass with a NumPy array in a static field (`pytree_node=False`): the second
# call, with another instance, compares the static fields while looking up the cache. In 2021
# that raised "The truth value of an array with more than one element is ambiguous"; jax 0.10
# raises "Exception raised while checking equality of metadata fields ... arrays cannot be
# passed as metadata fields". An array is not a valid static value. The error is caught.
# verify: c.error is not None and "metadata" in c.error and e.error is None
import numpy as np
from flax.struct import dataclass, field
from jax import jit


@dataclass
class Model:
    c: np.ndarray = field(pytree_node=False)


@jit
def f(model):
    return 1.0


m = Model(np.ones(10))
n = Model(np.ones(10))

error = None
try:
    f(m)
    f(n)  # label: ACC5
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
