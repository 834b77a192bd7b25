# source: https://github.com/jax-ml/jax/issues/6902
# framework: JAX
# The report: `jacrev` of a `custom_vjp` function whose primal, forward and backward are jitted,
# evaluated in a loop of 5, sometimes prints "called f_bwd!" again (a recompile) and sometimes
# not. jacrev is not a compiled callable; the three jitted functions are the same objects on
# every pass. The trace-announcing prints are removed (the compile log counts).
# label: none
# verify: c.jax['f_bwd'] <= 2 and c.jax['f_fwd'] <= 2 and close(c.results, e.results)
import time

import jax.numpy as jnp
from jax import custom_vjp
from jax import jacrev
from jax import jit


@custom_vjp
@jit
def f(x):
    return jnp.sin(x)


@jit
def f_fwd(x):
    return f(x), jnp.cos(x)


@jit
def f_bwd(cos_x, y_bar):
    return (cos_x * y_bar,)


f.defvjp(f_fwd, f_bwd)

results = []
for i in range(5):
    start = time.time()
    results.append(jacrev(f)(3.0))
    print("duration", time.time() - start)
