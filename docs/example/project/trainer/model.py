"""The model: called inside the jitted step."""

import jax.numpy as jnp


def forward(params, x):
    h = jnp.tanh(x @ params["w1"])
    if h.mean() > 0:  # a Python branch on a traced value
        h = h * 2.0
    return h @ params["w2"]


def init(n_in, n_hidden, n_out, key):
    import jax

    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (n_in, n_hidden)) * 0.1,
        "w2": jax.random.normal(k2, (n_hidden, n_out)) * 0.1,
    }
