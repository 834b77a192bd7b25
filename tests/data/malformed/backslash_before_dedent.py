import jax


@jax.jit
def f(x):
    if x.shape:
        y = 1 + \
2
    print(y)
