# source: https://github.com/jax-ml/jax/issues/7155
# The prints in jitted functions run when they are traced, not on each call.
import jax
import jax.numpy as jnp


@jax.jit
def inner_fn(state):
    print("entering inner_fn now")  # expect: ACC401
    return 2 * state


@jax.jit
def outer_fn(x):
    print("entering outer_fn now")  # expect: ACC401
    old_x = x
    for _ in range(10):
        x = inner_fn(x)
    return x + old_x


state = jnp.arange(5, dtype=jnp.uint32)
inner_fn(state)
outer_fn(state)
