# source: https://theneuralbase.com/jax/learn/beginner/jit-recompilation-shape-changes
# framework: JAX
# A tutorial page: `add_one` is called on a (5,) array, again on another (5,) array (the cached
# code), and on a (3,) array ("RECOMPILATION"). Two shapes, two compiles, each call written out:
# a fine look-alike that shows the cache key, not a storm. The timing prints are left out.
# label: none
# verify: c.jax['add_one'] == 2
import jax
import jax.numpy as jnp


@jax.jit
def add_one(x):
    return x + 1


result1 = add_one(jnp.array([1.0, 2.0, 3.0, 4.0, 5.0]))
result2 = add_one(jnp.array([10.0, 20.0, 30.0, 40.0, 50.0]))
result3 = add_one(jnp.array([1.0, 2.0, 3.0]))
