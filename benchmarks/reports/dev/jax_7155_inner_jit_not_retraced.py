# source: https://github.com/jax-ml/jax/issues/7155
# framework: JAX
# "inner `jit` functions are re-traced (and re-compiled)": KeAWang re-ran the example that
# started the issue and found no recompilation any more. A jitted `inner_fn` called ten times
# inside a jitted `outer_fn` is not traced again (its trace from the first direct call is
# reused inside the outer one). The comment's code, with the prints counted: each print runs
# once, at tracing, where the eager twin prints the inner one 21 times. The prints are the
# thread's probe for retracing, and they are the trace-time side effect the corpus labels:
# compiled and eager outputs differ. (Labelled after the first-sight measure; the module was
# first written as a fine look-alike.)
# verify: c.jax['outer_fn'] == 1 and c.out.count('entering inner_fn now') == 1 and e.out.count('entering inner_fn now') == 21 and close(c.result, e.result)
import jax
import jax.numpy as jnp


@jax.jit
def inner_fn(state):
    print("entering inner_fn now")  # label: ACC4
    return 2 * state


@jax.jit
def outer_fn(x):
    print("entering outer_fn now")  # label: ACC4
    old_x = x
    for _ in range(10):
        x = inner_fn(x)
    x = x + old_x
    return x


state = jnp.arange(5, dtype=jnp.uint32)
inner_fn(state)
result = outer_fn(state)
result = outer_fn(state)
print(result)
