# source: https://github.com/jax-ml/jax/issues/9672
# framework: JAX
# `jit(x.f)()` in a loop: each pass applies `jit` to a new bound-method object, and the report
# saw a compile on every pass (while `@partial(jit, static_argnums=(0,))` on the method
# compiles once). On jax 0.10 it still traces on each of the three passes (the print removed;
# the compile log counts).
# verify: c.jax["f"] >= 3
from jax import jit
import jax.numpy as jnp


class X:
    def f(self):
        return jnp.ones(3) * 2


x = X()
for i in range(3):
    jit(x.f)()  # label: ACC5
