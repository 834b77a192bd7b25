import jax


@jax.jit
def marked(y):
    jax.debug.print("\ud800 {}", y)
    return y
