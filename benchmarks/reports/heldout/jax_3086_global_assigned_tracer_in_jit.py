# source: https://github.com/jax-ml/jax/issues/3086
# framework: JAX
# "Please consider facilitating debugging leaked tracers": hawkinsp's example of the leak the
# `jax_check_tracer_leaks` flag catches, a jitted `f(y)` that assigns `global x; x = y`. Without
# the flag nothing is raised: after the call the module-level `x` holds a tracer, where the eager
# function leaves the value 7 there. The comment's code without the flag.
# verify: c.leaked and e.x == 7
import jax

x = None


@jax.jit
def f(y):
    global x
    x = y  # label: ACC4
    return y + 2


f(7)
leaked = isinstance(x, jax.core.Tracer)
print(leaked)
