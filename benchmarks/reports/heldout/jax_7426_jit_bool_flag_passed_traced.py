# source: https://github.com/jax-ml/jax/issues/7426
# framework: JAX
# "issue composing jax.checkpoint with jax.jit on function with (concrete) bool parameter": the
# maintainer's reduction `def f(x, s): return x if s else x + 1.; def g(x): return
# jax.jit(f)(x, False)`. `jax.jit(f)` traces every argument, the Python bool `s` too, so `if s`
# branches on a tracer (the expected error, per the maintainer, whose message once failed to
# format). Both of the maintainer's cases; eagerly both give x + 1.
# verify: c.errors[0] is not None and c.errors[1] is not None and e.errors == [None, None]
import jax


def f(x, s):
    return x if s else x + 1.0  # label: ACC2


def g(x):
    return jax.jit(f)(x, False)


errors = []
for run in (lambda: g(1.0), lambda: jax.jit(g)(1.0)):
    try:
        run()
        errors.append(None)
    except Exception as exc:
        errors.append(type(exc).__name__)
print(errors)
