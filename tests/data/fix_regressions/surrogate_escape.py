import jax


@jax.jit
def marked(y):
    print("\ud800", y)
    return y * 2.0
