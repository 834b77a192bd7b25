# source: https://github.com/jax-ml/jax/issues/13071
# framework: JAX
# "Double jtu.Partial results in cache miss": `check` is jitted with its argument static, and
# called with `h1 = jtu.Partial(g)` and `h2 = jtu.Partial(g)`, two Partials of the same
# Partial `g`: it traces twice, where two single-level Partials of `f` trace once. A Partial
# hashes as a static argument by what it wraps, and the maintainers disagree whether the miss
# is a bug. On jax 0.10 the single-level pair traces twice as well: each new Partial is a new
# static key. Two calls, two traces, no loop to repeat them: fine as written. The code,
# with the single-level case beside it.
# label: none
# verify: c.jax['check'] == 2 and c.jax['check_single'] == 2
import jax
import jax.tree_util as jtu


def f(x):
    pass


g = jtu.Partial(f)
h1 = jtu.Partial(g)
h2 = jtu.Partial(g)


def check(x):
    print("tracing!")


check = jax.jit(check, static_argnums=0)
check(h1)  # tracing!
check(h2)  # tracing!


def check_single(x):
    print("tracing!")


check_single = jax.jit(check_single, static_argnums=0)
check_single(jtu.Partial(f))
check_single(jtu.Partial(f))
