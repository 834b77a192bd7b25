# source: https://github.com/jax-ml/jax/issues/6853
# framework: JAX
# "Need a way to specify constants": `@jit def foo(x, d): return x[:d['num']] + d['val']` with
# `d = {'num': 5, 'val': np.arange(5)}`: "IndexError: Array slice indices must have static
# start/stop/step". Every leaf of the dict argument is traced, so the slice bound is a tracer;
# marking the dict static fails because it holds an array and is unhashable. Reduced: the
# reporter's function (with the key `val` the body reads) and call; eagerly it runs.
# verify: c.error is not None and e.error is None
import jax.numpy as jnp
import numpy as np
from jax import jit


@jit
def foo(x, d: dict):
    return x[: d["num"]] + d["val"]  # label: ACC3


error = None
try:
    out = foo(jnp.arange(10), {"num": 5, "val": np.arange(5)})
except Exception as exc:
    error = type(exc).__name__
print(error)
