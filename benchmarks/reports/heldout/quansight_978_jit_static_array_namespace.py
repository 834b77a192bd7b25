# source: https://github.com/Quansight/Quansight-website/pull/978
# framework: JAX
# "Add array API aot/jit blogpost": an array-API function `evaluate_xp(..., xp)` jitted with JAX
# as `evaluate_jax = jax.jit(evaluate_xp, static_argnames=["xp"])`, "With `jax`, we need to tell
# it that `xp` argument is special". The namespace module is hashable and the same object on every
# call: one trace. Fine. Reduced: the post's jit line around a small array-API polynomial (the
# post's evaluate_xp body is not in the stored diff), called with two inputs of one shape.
# label: none
# verify: c.jax["evaluate_xp"] == 1 and close(c.rs, e.rs)
import jax
import jax.numpy as jnp


def evaluate_xp(x, coeffs, xp):
    result = xp.zeros_like(x)
    for c in coeffs:
        result = result * x + c
    return xp.sum(result)


evaluate_jax = jax.jit(evaluate_xp, static_argnames=["xp"])
coeffs = jnp.array([1.0, -2.0, 0.5])
rs = [evaluate_jax(jnp.linspace(0.0, 1.0, 8), coeffs, xp=jnp), evaluate_jax(jnp.linspace(1.0, 2.0, 8), coeffs, xp=jnp)]
