import jax


@jax.jit
def f(x):
    y = 1    # a form feed on this line
    print(x)  # noqa: ACC401
    return float(x)
