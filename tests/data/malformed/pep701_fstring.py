import jax


@jax.jit
def f(x):
    print(f"{"nested"}")
