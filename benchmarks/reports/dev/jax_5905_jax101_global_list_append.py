# source: https://github.com/jax-ml/jax/pull/5905
# framework: JAX
# JAX-101 "Just In Time Compilation" notebook: "note how the jaxpr does not capture the
# side-effect of the function: there is nothing in it corresponding to
# `global_list.append(x)`... you can expect (but shouldn't rely on) the side-effects of a
# JAX-transformed function to run once (during the first call), and never again." The
# notebook's `log2` with the append, jitted and called twice.
# verify: len(c.global_list) == 1 and len(e.global_list) == 2
import jax
import jax.numpy as jnp

global_list = []


def log2(x):
    global_list.append(x)  # label: ACC4
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


log2_jit = jax.jit(log2)
print(log2_jit(3.0), log2_jit(4.0))
print(len(global_list))
