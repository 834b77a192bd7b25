# source: https://github.com/jax-ml/jax/issues/9823
# framework: JAX
# "ensure_compile_time_eval doc example fails": inside `jax.jit`, `y = jnp.sin(3.0); z = jnp.sin(y)`
# computed under `jax.ensure_compile_time_eval()`, then `if z > 0:` outside the context: it raised
# ConcretizationTypeError on jax 0.3.1 and still raises TracerBoolConversionError on jax 0.10.2.
# `z` is concrete, but the comparison `z > 0` runs outside the context, inside the jit trace, so
# it is staged and gives a tracer (the maintainer: compute `positive = z > 0` inside the context).
# The doc example as written; eagerly it runs.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    with jax.ensure_compile_time_eval():
        y = jnp.sin(3.0)
        z = jnp.sin(y)
    if z > 0:  # the value of z is availble and can be used in control flow  # label: ACC2
        return jnp.sin(x)
    else:
        return jnp.cos(x)


error = None
r = None
try:
    r = [f(0.0), f(1.0)]
except Exception as exc:
    error = type(exc).__name__
print(error, r)
