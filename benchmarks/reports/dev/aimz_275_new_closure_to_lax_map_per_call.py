# source: https://github.com/markean/aimz/issues/275
# framework: JAX
# Written from the description: every eager call of `_sample_forward` defines a new
# `_trace_one_sample` closure and hands it to `jax.lax.map`, so JAX's cache (keyed by the
# function) never hits: each call traces and compiles the `scan` again. The model is a stand-in; the
# calls are a prediction loop over batches of `num_batches`.
# verify: c.jax['scan'] >= 8
import jax
import jax.numpy as jnp


def model(key, x):
    return x * jax.random.normal(key, x.shape)


def _sample_forward(model, rng_key, num_samples, x):
    keys = jax.random.split(rng_key, num_samples)

    def _trace_one_sample(key):  # label[g]
        return model(key, x)

    return jax.lax.map(_trace_one_sample, keys)  # label[g]


num_batches = 10
rng_key = jax.random.key(0)
for batch in range(num_batches):
    samples = _sample_forward(model, rng_key, 4, jnp.ones(3))  # label[g]: ACC5
