# source: https://github.com/patrick-kidger/equinox/issues/645
# framework: JAX
# "weird interaction between equinox and Chex": `f(x, i)` prints "COMPILE" once under
# `jax.jit` (both arguments traced), but under `eqx.filter_jit` it prints "COMPILE" on every one
# of the ten calls: filter_jit traces array arguments and keeps every other leaf static, and
# the loop's Python int `i` is new on each pass, so each pass is a new compile. The issue's
# `eqx.filter_jit` loop; Chex's `assert_max_traces` (not installed here, and silent in the
# report) is left out.
# verify: c.jax['f'] >= 8 and close(c.results, e.results)
import equinox as eqx
import jax


@eqx.filter_jit
def f(x, i):
    print("COMPILE")
    return x * 2


results = []
for i in range(10):
    results.append(float(f(2.0 * i, i)))  # label: ACC5
print(results)
