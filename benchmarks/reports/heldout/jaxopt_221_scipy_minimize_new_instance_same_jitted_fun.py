# source: https://github.com/google/jaxopt/issues/221
# framework: JAX
# label: none
# The user minimises a jitted function with `jaxopt.ScipyBoundedMinimize`, creates a second
# solver instance for the same function, and asks whether the function is recompiled "at each
# instantiation". It is: each solver jits its own `value_and_grad` of `fun` when it runs (a
# new function per instance), so the two instances compile twice, and the second instance's
# second `run` reuses its compile. The thread writes the two instances out one by one: two
# compiles, bounded, a fine look-alike (batch 9's convention for calls written out). The
# report's code as written (its `print("compile....")` left out: the compile log counts), with
# `jaxopt` installed (`pip install jaxopt`; 0.8.5 takes `maxiter` as a keyword argument, no
# longer in `options`, and writes it into the dict it is given, so each solver gets a copy).
# verify: c.jax['test'] == 2
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, vmap

jax.config.update("jax_enable_x64", True)

import jaxopt


@jit
def test(x):
    return -(x + 2.)**2


tol = 1e-3
method = 'L-BFGS-B'  # 'SLSQP'
options = {'disp': False, 'ftol': tol, 'gtol': tol}
jscMin = jaxopt.ScipyBoundedMinimize(fun=test,
                                     method=method,
                                     tol=tol,
                                     options=dict(options), maxiter=600)

res = jscMin.run(jnp.array(10.), bounds=(-100, 100))
print(">>> res1", res)

jscMin = jaxopt.ScipyBoundedMinimize(fun=test,
                                     method=method,
                                     tol=tol,
                                     options=dict(options), maxiter=600)

res = jscMin.run(jnp.array(5.), bounds=(-100, 100))
print(">>> res2", res)

res = jscMin.run(jnp.array(-5.), bounds=(-100, 100))
print(">>> res3", res)
