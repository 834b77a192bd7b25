# source: https://mlkatas.com/kata/204
# framework: JAX
# ML Katas "Understanding `jit` and tracing": "any Python side-effects, like printing, will only
# be executed once during the tracing and not on subsequent calls to the jit'ed function...
# Create a simple jit'ed function that prints its input and returns it. Call the function twice
# with the same input. What happens if you call it with an input of a different shape?" The
# exercise written out: three calls, two prints (one per trace), where the eager function prints
# three times.
# verify: c.out.count('input:') == 2 and e.out.count('input:') == 3
import jax
import jax.numpy as jnp


@jax.jit
def show(x):
    print("input:", x)  # label: ACC4
    return x


show(jnp.ones(3))
show(jnp.ones(3))
show(jnp.ones(4))
