# source: https://theorashid.github.io/notes/jax.jit
# framework: JAX
# Notes on jax.jit: "Use partial to define static arguments, so the jaxpr recompiles every new
# value of the static input... Only use static arguments if they rarely change". The note's
# `g_jit_decorated(x, n)` with `static_argnames=["n"]` and a Python while loop on `n`, called
# once as in the note. One compile. Fine.
# label: none
# verify: c.jax['g_jit_decorated'] == 1 and int(c.out_value) == 30
from functools import partial

import jax


@partial(jax.jit, static_argnames=["n"])
def g_jit_decorated(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


out_value = g_jit_decorated(10, 20)
print(out_value)
