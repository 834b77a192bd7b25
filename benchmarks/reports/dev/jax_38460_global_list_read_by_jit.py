# source: https://github.com/jax-ml/jax/issues/38460
# framework: JAX
# "An edge-case false cache hit for jax.jit tracing": the jitted `brk` reads the module-level
# list `foo` that `fn` fills just before the call and clears after it. `jax.eval_shape(fn, ...)`
# traces `brk` with the tracer `fn` put in `foo`; the later concrete call hits that cache entry
# and "Encountered an unexpected tracer". The maintainer's MWE; eagerly it runs.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp

foo = []


@jax.jit
def brk(token):
    [x] = foo  # label[g]: ACC6
    return jnp.concatenate([token, x])


def fn(x):
    foo.append(x)  # label[g]
    out = brk(x)
    foo.clear()
    return out


error = None
try:
    jax.eval_shape(fn, jnp.array([1.0]))
    out = fn(jnp.array([1.0]))
except Exception as exc:
    error = type(exc).__name__
print(error)
