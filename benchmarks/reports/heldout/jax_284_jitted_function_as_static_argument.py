# source: https://github.com/jax-ml/jax/issues/284
# framework: JAX
# "Why is f being compiled twice": a jitted `f` is compiled on its own, then traced again inside
# `g` (a jitted function that takes `f` as a static argument); `h` does the same and reuses the
# inner trace. Each function is called twice; every second call is a cache hit. Bounded
# compiles, no loop: a fine look-alike. The report's code, its trace-marker prints removed (the
# compile log counts).
# label: none
# verify: c.jax['g'] == 1 and c.jax['h'] == 1 and c.jax['f'] <= 3
import jax
import jax.numpy as np
import numpy as onp

x = onp.random.rand(1024).astype(onp.float32)
x = jax.device_put(x)


def f(x):
    return np.square(x)


def g(f, x):
    return f(x)


def h(f, x):
    return f(x)


f = jax.jit(f)
g = jax.jit(g, static_argnums=(0,))
h = jax.jit(h, static_argnums=(0,))

f(x)  # will trigger compilation of f
f(x)  # reuse cache
g(f, x)  # will trigger compilation of g and another compilation of f
g(f, x)  # reuse cache
h(f, x)  # will trigger compilation of h, but uses cached f
h(f, x)  # reuse cache
