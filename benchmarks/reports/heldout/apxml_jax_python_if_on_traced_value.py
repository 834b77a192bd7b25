# source: https://apxml.com/courses/getting-started-with-jax/chapter-2-accelerating-functions-jit/jit-common-pitfalls
# framework: JAX
# The course's first pitfall: `if x > 0:` in a jitted function needs a concrete bool, but `x`
# is an abstract tracer while tracing: ConcretizationTypeError (TracerBoolConversionError);
# eagerly it branches. The page's try/except is kept.
# verify: "Error" in c.error and e.error is None
import jax
import jax.numpy as jnp


def condition_on_value(x):
    if x > 0:  # label: ACC2
        return x * 2
    else:
        return x / 2


jitted_condition = jax.jit(condition_on_value)

error = None
try:
    print(jitted_condition(jnp.array(5.0)))
except Exception as e:
    error = f"Error: {type(e).__name__}: {e}"
    print(error)
