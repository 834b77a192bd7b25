# source: https://github.com/patrick-kidger/equinox/issues/817
# framework: JAX
# `eqx.debug.assert_max_traces(f, max_traces=1)` fails on the second of two calls whose
# arguments differ only in weak type, and cannot name the argument (its `eval_shape` dropped the
# weak type). Two calls, two traces: the assertion does its job on a bounded pair; a fine
# look-alike. The report's code; the assertion's error is caught.
# label: none
# verify: c.error is not None and "traced" in c.error
import equinox as eqx
import jax
import jax.numpy as jnp


def f(y):
    return y + jnp.ones(())


y_strong = jnp.ones(())
y_weak = jnp.array(1.0)
assert not y_strong.weak_type
assert y_weak.weak_type

f_jit = jax.jit(eqx.debug.assert_max_traces(f, max_traces=1))

error = None
try:
    f_jit(y_strong)
    f_jit(y_weak)
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
