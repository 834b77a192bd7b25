# source: https://code-examples.net/en/q/4c09032/understanding-jax-s-jit-compilation
# framework: JAX
# "Understanding JAX's JIT Compilation": a non-jitted setup function does the printing and data
# preparation eagerly and returns `jnp.array([1.0, 2.0, 3.0])`; the jitted function is traced on
# its first call with the shape and dtype only and the compiled code serves "every time you call
# the jax.jit'd function with inputs of the same shape and dtype". The page's program, the jitted
# function called on three arrays of the same shape. Fine.
# label: none
# verify: c.jax['jitted_compute'] == 1 and close(c.results, e.results)
import jax
import jax.numpy as jnp


def non_jitted_setup():
    print("Setting up data...")
    return jnp.array([1.0, 2.0, 3.0])


@jax.jit
def jitted_compute(x):
    return jnp.sum(x ** 2) + jnp.mean(x)


data = non_jitted_setup()
results = [jitted_compute(data * k) for k in (1.0, 2.0, 3.0)]
print([float(r) for r in results])
