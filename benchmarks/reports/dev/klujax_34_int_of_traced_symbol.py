# source: https://github.com/gdsfactory/klujax/issues/34
# framework: JAX
# klujax's `analyze()` calls `int(raw_symbol)` on what its primitive returns; called inside a
# JAX trace (here the user's jitted solver step calls it through a model function) the value
# is a tracer and `int()` raises ConcretizationTypeError. The primitive is stood in for by a
# jnp computation of the same kind (a uint handle computed from the input); the error is
# caught to be checked.
# verify: "ConcretizationTypeError" in c.error and e.error is None
import jax
import jax.numpy as jnp


def analyze(Ai, Aj, n_col):
    raw_symbol = (jnp.sum(Ai) * n_col + jnp.sum(Aj)).astype(jnp.uint32)  # stands in for analyze_p.bind
    return int(raw_symbol)  # label: ACC3


def coupler_ring(wl, Ai, Aj):
    symbolic = analyze(Ai, Aj, 4)
    return wl * symbolic


@jax.jit
def newton_step(wl, Ai, Aj):
    return coupler_ring(wl, Ai, Aj)


error = None
try:
    newton_step(1.55, jnp.arange(4), jnp.arange(4))
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
