# source: https://github.com/jax-ml/jax/pull/4342
# A branch on a comparison of two jitted arguments raises ConcretizationTypeError.
import jax


@jax.jit
def f(x, y):
    if x > y:  # expect: ACC201
        return x
    else:
        return y
