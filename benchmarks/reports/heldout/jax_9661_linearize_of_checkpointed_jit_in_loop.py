# source: https://github.com/jax-ml/jax/issues/9661
# framework: JAX
# label: none
# A jitted function inside `jax.checkpoint` was compiled again on every call of its
# linearization: the maintainer's reduction linearizes `jax.checkpoint(jax.jit(lambda x: 2 *
# x))` once and calls `f_lin` in a loop, and `JAX_LOG_COMPILES=1` showed a number of
# compilations linear in the loop length ("we were constructing new opaque callables (with
# hash/equality defined by object id) every time, meaning we never did get cache hits"); fixed
# by #10034 and #10037. On jax 0.10.2 the loop compiles a bounded number of times: a fine
# look-alike of a callable compiled anew in a loop. The maintainer's repro as written, with
# `int(sys.argv[1])` replaced by `n = 10`.
# verify: sum(c.jax.values()) <= 6
import jax

identity = jax.checkpoint(jax.jit(lambda x: 2 * x))

_, f_lin = jax.linearize(identity, 1.)
n = 10
for _ in range(n):
    f_lin(1.)
