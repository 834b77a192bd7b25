# source: https://github.com/jax-ml/jax/pull/16430 (review: `z = nullable_value or default_value`)
# `value or default` is a truth test: it raises when the value is a traced array.
import jax
import jax.numpy as jnp


@jax.jit
def scale(x, factor):
    factor = factor or 1.0  # expect: ACC202
    return x * factor


scale(jnp.ones(3), 2.0)
