# source: https://github.com/jax-ml/jax/issues/1426
# `jit(grad(loss_sum))` keeps the value of the closed-over `a` seen while tracing: rebinding
# `a` afterwards does not change the jitted gradient.
import jax
import jax.numpy as jnp


def test_retain():
    a = 10

    def loss_sum(val):
        return jnp.sum(val[:2] ** 2 + val[2:] ** 3) * a  # expect: ACC605

    grad = jax.jit(jax.grad(loss_sum))
    first = grad(jnp.array([2.0, 3.0, 4.0, 5.0]))
    a = 20
    second = grad(jnp.array([2.0, 3.0, 4.0, 5.0]))
    return first, second
