# source: https://github.com/jax-ml/jax/issues/15924
# framework: JAX
# Label: fine look-alike (calls written out, bounded). The user found their `train_step`
# compiled more than once after loading pretrained parameters and reduced it to one jitted
# identity called on a jax.Array, a NumPy array, a device_put array and a device_put with an
# explicit sharding: on jax 0.4.8 the last one compiled again. The calls are four, written
# out; on jax 0.10 the run compiles `test` at most twice (the ahead-of-time compile after them
# is the user's check that the compiled executable accepts all four).
# label: none
# verify: c.jax['test'] <= 2
from contextlib import contextmanager

import numpy as np
import jax, jax.numpy as jnp

@contextmanager
def print_barrier(name: str):
    import sys
    print(f"--- ENTER {name} ---", file=sys.stderr)
    yield
    print(f"--- EXIT  {name} ---", file=sys.stderr)

@jax.jit
def test(x):
    return x

if __name__ == '__main__':
    x_jax = jnp.zeros((1,))
    x_np = np.zeros((1,))
    x_np2jax = jax.device_put(x_np)
    x_np2jax_sharded = jax.device_put(x_np, x_jax.sharding)

    jax.config.update("jax_log_compiles", True)

    with print_barrier("jax.Array"):
        test(x_jax)

    with print_barrier("np.ndarray"):
        test(x_np)

    with print_barrier("np.ndarray -> jax.Array"):
        test(x_np2jax)

    with print_barrier("np.ndarray -> jax.Array (with sharding)"):
        test(x_np2jax_sharded)

    jax.config.update("jax_log_compiles", False)

    test_aot = test.lower(x_jax).compile()
    test_aot(x_jax)
    test_aot(x_np)
    test_aot(x_np2jax)
    test_aot(x_np2jax_sharded)
