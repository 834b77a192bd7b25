# source: https://taourl.com/read-2679538.html
# framework: JAX
# label: none
# "Why is JAX's jit compilation slower on the second run?": the answer's examples call a
# jitted function with two arrays of one shape and a third of another (one recompile), and a
# function with a static `flag` once with `True` and once with `False` (two compiles). Every
# call is written out: each function compiles once per distinct shape or flag, a bounded
# number, a fine look-alike of a compile per call. The page's code as written, its
# multiplication restored (`x * 2`; the stored copy lost the `*`).
# verify: c.jax['example_func'] == 2 and c.jax['dynamic_func'] == 2
import jax
import jax.numpy as jnp


def example_func(x):
    return jnp.sin(x) + jnp.cos(x)


jit_func = jax.jit(example_func)
# First run (compilation occurs)
x1 = jnp.array([1.0, 2.0, 3.0])
result1 = jit_func(x1)  # Slow due to compilation
# Second run (expected to be fast)
x2 = jnp.array([1.0, 2.0, 3.0])
result2 = jit_func(x2)  # Fast, cached compilation used
# Third run (different shape, recompilation occurs)
x3 = jnp.array([1.0, 2.0, 3.0, 4.0])
result3 = jit_func(x3)  # Slow again due to recompilation


def dynamic_func(x, flag):
    if flag:
        return x * 2
    else:
        return x + 2


jit_dynamic = jax.jit(dynamic_func, static_argnums=(1,))
# First run (flag=True)
result_a = jit_dynamic(jnp.array([1.0, 2.0]), True)  # Compiles for flag=True
# Second run (flag=False, recompilation occurs)
result_b = jit_dynamic(jnp.array([1.0, 2.0]), False)
