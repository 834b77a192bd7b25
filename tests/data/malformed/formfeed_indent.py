import jax


@jax.jit
def f(x):
    y = 1
    print(y)
    return x
