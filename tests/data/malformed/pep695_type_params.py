import jax


@jax.jit
def f[T](x: T) -> T:
    print(x)
    return x
