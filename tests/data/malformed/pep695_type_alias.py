import jax

type Vector = list[float]


@jax.jit
def f(x):
    print(x)
