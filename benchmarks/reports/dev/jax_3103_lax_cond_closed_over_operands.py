# source: https://github.com/jax-ml/jax/issues/3103
# framework: JAX
# "Does lax cond short circuit?": the answer's example, a jitted `f` whose `lax.cond` branches
# read `x` by closure instead of through the operands ("both np.sin(x) and np.cos(x) will be
# evaluated on each execution"). Evaluating both branches costs time, not correctness: the
# branch taken gives the eager value for either sign. Today's `lax.cond(pred, true_fun,
# false_fun, operand)` signature, with the closures of the example.
# label: none
# verify: close(c.results, e.results) and c.jax['f'] == 1
import jax.numpy as np
from jax import jit, lax


@jit
def f(x):
    return lax.cond(x > 0, lambda _: np.sin(x), lambda _: np.cos(x), None)


results = [f(np.float32(v)) for v in (1.0, -1.0, 2.0, -2.0)]
print(results)
