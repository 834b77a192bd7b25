# source: https://github.com/QuantEcon/lecture-jax/issues/33
# framework: JAX
# "remove jit from outer loop": the wealth-dynamics lecture jitted a simulation whose Python
# `for` loop runs over a static length (`static_argnums=(1, 3)`), and compiling it was slow
# ("Very slow compile?") because the loop is unrolled at trace time. It is still compiled once
# and reused: the lecture calls it once per run. Fine (slow to compile, not recompiled). The
# wealth update is reduced to its shape.
# label: none
# verify: c.jax['wealth_time_series_for_loop_jax'] == 1 and close(c.series, e.series)
import jax
import jax.numpy as jnp


def wealth_time_series_for_loop_jax(w_0, n, key, size):
    w = jnp.zeros(n).at[0].set(w_0)
    for t in range(n - 1):
        key, subkey = jax.random.split(key)
        z = jax.random.normal(subkey, (size,)).mean()
        w = w.at[t + 1].set(0.9 * w[t] + 0.1 * jnp.exp(z))
    return w


# Create the jit function
wealth_time_series_for_loop_jax = jax.jit(wealth_time_series_for_loop_jax, static_argnums=(1, 3,))

key = jax.random.PRNGKey(0)
series = wealth_time_series_for_loop_jax(1.0, 50, key, 4)
series = wealth_time_series_for_loop_jax(1.0, 50, key, 4)
print(series[-1])
