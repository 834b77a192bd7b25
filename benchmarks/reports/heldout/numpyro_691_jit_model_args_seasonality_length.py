# source: https://github.com/pyro-ppl/numpyro/issues/691
# framework: JAX
# "Can't use jit_model_args for multi chains": with `jit_model_args=True` every model argument is
# traced, and the Time Series Forecasting tutorial's `sgt(y, seasonality, future)` uses
# `seasonality` as a length (`y[:seasonality]`, a `jnp.zeros` shape), which then fails inside the
# jitted sampler (the maintainer: "jitting index/length arguments might not be permitted"; pass
# it with functools.partial). Reduced without NumPyro: the model's deterministic start, jitted
# over all its arguments as jit_model_args does.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


def sgt(y, seasonality):
    init_s = y[:seasonality]  # label: ACC3
    level = jnp.mean(init_s)
    return level + jnp.zeros(seasonality)


jitted_model = jax.jit(sgt)  # jit_model_args=True: every argument is traced
error = None
r = None
try:
    r = jitted_model(jnp.arange(40.0), 38)
except Exception as exc:
    error = type(exc).__name__
print(error, r)
