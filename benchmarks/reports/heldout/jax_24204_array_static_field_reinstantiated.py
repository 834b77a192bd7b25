# source: https://github.com/jax-ml/jax/issues/24204
# framework: JAX
# The report's MWE: a `flax.struct.dataclass` whose field is static (`pytree_node=False`) holds
# a multi-dimensional JAX array; re-instantiated in the loop, the second call compares the old
# and new static fields while looking up the cache and raises: "The truth value of an array
# with more than one element is ambiguous" on jax 0.4.33, "Exception raised while checking
# equality of metadata fields ... arrays cannot be passed as metadata fields" on jax 0.10. An
# array cannot be part of the key. (The stored thread cuts off inside the loop: the jitted call
# and the re-instantiation it describes are written out.) The error is caught to be checked.
# verify: c.error is not None and "metadata" in c.error and e.error is None
import jax
from flax import struct


@struct.dataclass
class Foo:
    bar: jax.Array = struct.field(pytree_node=False)


def step(_params):
    return _params


jit_step = jax.jit(step)
error = None
try:
    for i in range(2):
        params = Foo(bar=jax.numpy.arange(4))
        jit_step(params)  # label: ACC5
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
