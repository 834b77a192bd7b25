# source: https://github.com/MonitSharma/parallel_adventures
# framework: JAX
# A JAX notebook's "Pure Functions" section: `impure_print_side_effect(x)` prints "This is a side
# effect" and returns `x + 1`; `jit(...)(4.)` prints it, `jit(...)(5.)` does not (the cached
# trace is reused), and a call with a new type (`jnp.array([6.])`) traces and prints again. The
# print is a Python side effect that runs only at trace time: 2 prints for 3 calls, eagerly 3.
# verify: c.out.count("This is a side effect") == 2 and e.out.count("This is a side effect") == 3
import jax.numpy as jnp
from jax import jit


def impure_print_side_effect(x):
    print("This is a side effect")  # label: ACC4
    return x + 1


print(f" First call: {jit(impure_print_side_effect)(4.)}")
print(f"Second call: {jit(impure_print_side_effect)(5.)}")
print("Third call, different type : ", jit(impure_print_side_effect)(jnp.array([6.0])))
