# source: https://github.com/proteneer/timemachine/pull/800
# framework: JAX
# `jit(nonbonded_ref)(conf, params, box, lam)` fails: the reference potential validates its
# inputs with an `assert` on a jnp reduction of the parameters, which is a tracer under jit
# (ConcretizationTypeError); eagerly it passes. The fix in the PR passes
# `runtime_validate=False`. The potential is reduced to the check and one energy term. (JAX 0.10
# raises TracerBoolConversionError, a ConcretizationTypeError.)
# verify: c.error is not None and "Tracer" in c.error and e.error is None
import jax.numpy as jnp
from jax import jit


def nonbonded_v3(conf, params, box, lam, runtime_validate=True):
    if runtime_validate:
        assert jnp.all(params[:, 1] >= 0), "sigmas must be non-negative"  # label: ACC2
    d = conf[:, None, :] - conf[None, :, :]
    r2 = jnp.sum(d**2, -1) + jnp.eye(conf.shape[0])
    return jnp.sum(params[:, 0][:, None] * params[:, 0][None, :] / jnp.sqrt(r2)) * lam


def nonbonded_ref(conf, params, box, lam):
    return nonbonded_v3(conf, params, box, lam)


conf = jnp.arange(12.0).reshape(4, 3)
params = jnp.ones((4, 3))
box = jnp.eye(3) * 10.0
error = None
try:
    nonbonded_ref_jit = jit(nonbonded_ref)
    nonbonded_ref_jit(conf, params, box, 0.5)
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
