import jax


@jax.jit
def f(x):
    print(x)
