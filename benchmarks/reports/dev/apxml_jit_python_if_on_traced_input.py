# source: https://apxml.com/courses/getting-started-with-jax/chapter-2-accelerating-functions-jit/jit-static-vs-traced
# framework: JAX
# A course page: `conditional_double` tests its traced input against a threshold with a Python
# `if`; jitted, the test is a tracer and `bool()` of it raises. (The page goes on to mark the
# threshold static, which does not help: `x` is the traced operand.) The error is caught.
# verify: "Error" in c.error and e.error is None
import jax
import jax.numpy as jnp


def conditional_double(x, threshold):
    # Python if statement depends on the value of x
    if x > threshold:  # label: ACC2
        return x * 2
    else:
        return x


jitted_conditional_double = jax.jit(conditional_double)
error = None
try:
    print(jitted_conditional_double(jnp.array(5.0), 3.0))
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
