# source: https://openillumi.com/en/en-jax-jit-recompile-dynamic-shape-fix
# framework: JAX
# A page on JIT recompilation when only one axis of the input varies: `f` is called twice with
# the same shape (one compile) and once with a longer first axis (a second compile, "recompiling.
# It would be nice if it weren't"). Three calls, two shapes: bounded, and the page's answer is
# that this is how jit works. A fine look-alike; the page's 300M-element arrays are 300 here,
# and its `print('recompiling')` trace marker is removed (the compile log counts).
# label: none
# verify: c.jax['f'] == 2
import jax


@jax.jit
def f(x):
    return (x + 10) * 100


a = f(jax.numpy.arange(300).reshape((-1, 2, 2)).block_until_ready())
b = f(jax.numpy.arange(300).reshape((-1, 2, 2)).block_until_ready())
c = f(jax.numpy.arange(452).reshape((-1, 2, 2)).block_until_ready())
