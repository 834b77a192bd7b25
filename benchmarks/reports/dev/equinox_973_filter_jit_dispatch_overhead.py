# source: https://github.com/patrick-kidger/equinox/issues/973
# framework: JAX
# The report measures the dispatch overhead of `eqx.filter_jit` against `jax.jit` on an identity
# model called in a warm-up loop of ten calls and then timed. Nothing retraces: both functions
# are traced once, the same model and the same input shape on every call. A fine look-alike of a
# jitted call in a loop. The `%timeit` lines are left out.
# label: none
# verify: c.jax['fwd_eqx'] <= 1 and c.jax['fwd_jax'] <= 1 and close(c.y_eqx, c.y_jax)
import equinox as eqx
import jax
import jax.numpy as jnp

model = eqx.nn.Identity()
x = jnp.zeros((1, 1))


@eqx.filter_jit
def fwd_eqx(m, x):
    return m(x)


@jax.jit
def fwd_jax(m, x):
    return m(x)


# Make sure everything is jit compiled
for _ in range(10):
    y_eqx = fwd_eqx(model, x)
    y_jax = fwd_jax(model, x)
