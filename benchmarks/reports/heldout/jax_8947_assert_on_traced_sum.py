# source: https://github.com/jax-ml/jax/pull/8947
# framework: JAX
# "add limit to number of tracer provenance lines": the example is a jitted `f` that sums
# `jnp.add(1, 1)` over a generator and then `assert result > 0`; the assert needs a concrete bool
# and raises while `f` is traced (ConcretizationTypeError then, TracerBoolConversionError on jax
# 0.10; the pull request only shortens the message's list of originating lines). Kept as the
# example (N = 10); the eager run passes the assert.
# verify: "TracerBoolConversionError" in c.error and e.error is None
import jax
import jax.numpy as jnp

N = 10


@jax.jit
def f():
    result = sum(jnp.add(1, 1) for _ in range(N))
    assert result > 0  # label: ACC2


error = None
try:
    f()
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
