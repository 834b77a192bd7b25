# source: https://github.com/TonyZhou729/ABCMB/pull/3
# framework: JAX
# "No need to wrap inputs in jnp.array": the PR wraps every `params.get()` in `jnp.array`
# inside the code, so the jitted functions receive arrays, not Python floats, and "the cached
# compiled code is still used when non-wrapped float inputs change value". Reduced: a parameter
# dict of plain floats swept over five values of one cosmological parameter, wrapped before the
# jitted call. One compile for the sweep. Fine.
# label: none
# verify: c.jax['background'] == 1 and close(c.results, e.results)
import jax
import jax.numpy as jnp


@jax.jit
def background(omega_cdm, h, z):
    return omega_cdm / h**2 * (1.0 + z) ** 3


def run(params, z):
    omega_cdm = jnp.array(params.get("omega_cdm", 0.12))
    h = jnp.array(params.get("h", 0.67))
    return background(omega_cdm, h, z)


z = jnp.linspace(0.0, 2.0, 4)
results = [run({"omega_cdm": 0.10 + 0.01 * i, "h": 0.67}, z) for i in range(5)]
print([float(r[0]) for r in results])
