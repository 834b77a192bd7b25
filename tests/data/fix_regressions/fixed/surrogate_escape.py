import jax


@jax.jit
def marked(y):
    jax.debug.print("\ud800 {!s}", y)
    return y * 2.0
