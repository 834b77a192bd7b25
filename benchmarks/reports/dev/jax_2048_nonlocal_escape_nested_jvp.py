# source: https://github.com/jax-ml/jax/issues/2048
# framework: JAX
# "'Can't lift Traced value' errors when nesting traces": `D(f, x) = jax.jvp(f, (x,), (1.0,))[1]`
# and `f(x)` whose inner function does `nonlocal x; x = y`, then `D(f, 1.0)`. The inner trace's
# value is written to the enclosing function's variable and used after that trace has ended
# ("Side-effects void your JAX warranty"). The reporter's reduced example.
# verify: c.error is not None
import jax


def D(f, x):
    return jax.jvp(f, (x,), (1.0,))[1]


def f(x):
    def inner(y):
        nonlocal x
        x = y  # label: ACC4
        return x

    return D(inner, x) * x


error = None
try:
    D(f, 1.0)
except Exception as exc:
    error = type(exc).__name__
print(error)
