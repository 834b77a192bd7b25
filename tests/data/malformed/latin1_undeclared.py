import jax


@jax.jit
def f(x):
    s = "été"
    return x
