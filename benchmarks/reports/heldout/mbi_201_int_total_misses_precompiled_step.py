# source: https://github.com/ryan112358/mbi/pull/201
# framework: JAX
# "Return a float from minimum_variance_unbiased_total": the function returned `max(1, ...)`,
# a Python int in the `<= 1` fallback branch, so `known_total` became an int leaf where
# `Estimator.precompile` had lowered `_multi_step` with a float total, and `estimate()` missed
# the jit cache and compiled again (silently: no result changes). The code before the fix: the
# precompile call with a float and the estimate with the int fallback trace `_multi_step`
# twice; one extra compile, not one per step. Fine as run (a two-compile report, like the
# others of the corpus). The estimator is reduced to a mirror-descent step on one marginal.
# label: none
# verify: c.jax['_multi_step'] == 2 and close(c.estimates, e.estimates)
import jax
import jax.numpy as jnp


def minimum_variance_unbiased_total(counts):
    estimate = float(jnp.sum(counts)) / 10.0
    return max(1, estimate)


@jax.jit
def _multi_step(potentials, known_total):
    marginal = jax.nn.softmax(potentials) * known_total
    return potentials - 0.1 * (marginal - 1.0)


potentials = jnp.zeros(4)
_multi_step(potentials, 100.0)  # Estimator.precompile lowers with a float total
counts = jnp.array([1.0, 2.0, 0.0, 3.0])
known_total = minimum_variance_unbiased_total(counts)  # int 1 in the fallback branch
estimates = []
for _ in range(5):
    potentials = _multi_step(potentials, known_total)
    estimates.append(potentials.tolist())
print(estimates[-1])
