# source: https://github.com/dynamiqs/dynamiqs/pull/441
# framework: JAX
# The pull request's check: `global_fun` is jitted and called with `*args`, but its Partial
# reads the module-level `args`, not its parameters. Under jit the global tuple's floats are
# captured when the function is traced; after `args` is rebound, the calls hit the cache (the
# arguments' shapes are unchanged) and return the first set's result. The timing prints are
# kept; the results are recorded to be compared.
# verify: not close(c.second, e.second)
import jax
import jax.numpy as jnp
from jax.tree_util import Partial
import time

def global_fun(y, z):
    def my_fun(x, y, z):
        return x * (y + z) * jnp.ones(3)

    # Partially apply my_fun to bind the first argument
    fun = Partial(lambda x: my_fun(x, *args))  # label[g]: ACC6

    return fun(3.0)

# == jit the global function
global_fun_jit = jax.jit(global_fun)

# == first set of arguments
args = (2.0, 3.0)

start_time = time.time()
first = global_fun_jit(*args).block_until_ready()
print(f"{(time.time() - start_time)*1e6:.3f} us")

start_time = time.time()
global_fun_jit(*args).block_until_ready()
print(f"{(time.time() - start_time)*1e6:.3f} us")

# == second set of arguments
args = (4.0, 5.0)  # label[g]

start_time = time.time()
second = global_fun_jit(*args).block_until_ready()
print(f"{(time.time() - start_time)*1e6:.3f} us")

start_time = time.time()
global_fun_jit(*args).block_until_ready()
print(f"{(time.time() - start_time)*1e6:.3f} us")
