# source: https://github.com/QuantEcon/lecture-jax/issues/95
# Without `static_argnums`, calling the jitted power iteration with a number of iterations
# raises TracerIntegerConversionError at `range(num_iterations)`.
import jax
import jax.numpy as jnp


def power_iteration_sr(A, num_iterations=15, seed=1234):
    key = jax.random.PRNGKey(seed)
    b = jax.random.normal(key, (A.shape[1],))
    for _ in range(num_iterations):  # expect: ACC302
        b = A @ b
        b = b / jnp.linalg.norm(b)
    return jnp.dot(b, A @ b) / jnp.dot(b, b)


power_iteration_sr = jax.jit(power_iteration_sr)
power_iteration_sr(jnp.eye(3), 20)
