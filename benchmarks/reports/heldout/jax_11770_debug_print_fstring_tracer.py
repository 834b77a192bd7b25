# source: https://github.com/jax-ml/jax/pull/11770
# framework: JAX
# JAX's "Error in debug print if unused arguments are provided": `jax.debug.print(f"{x}", x=x)`
# uses an f-string, so "you'll print out a traced `x` inside of the JIT instead of the actual
# value". Without the keyword (which now raises), the f-string still formats the tracer when the
# function is traced, and every call prints that text instead of the value.
# verify: 'Tracer' in c.out and 'Tracer' not in e.out
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    jax.debug.print(f"x = {x}")  # label: ACC4
    return x * 2


for v in (1.0, 2.0):
    f(jnp.asarray(v))
jax.effects_barrier()
