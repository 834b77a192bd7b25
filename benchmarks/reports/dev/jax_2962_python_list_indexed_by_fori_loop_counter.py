# source: https://github.com/jax-ml/jax/issues/2962
# framework: JAX
# "using JaxprTracer as index of list in lax.fori_loop": a jitted `trace` contracts a list of
# tensors of different shapes; the user replaces the Python `for` with `lax.fori_loop` to cut
# compile time, and the body indexes the Python list with the loop counter, `args[0][i]`. The
# counter is a tracer, so indexing a Python list with it needs its value on the host: tracing
# raises (TracerIntegerConversionError), where the eager run (loop counter a Python int under
# disable_jit) works. The user's code, the toy list built once with `jax.random`.
# verify: c.raised and not e.raised
import jax
import jax.numpy as np
from jax import jit, lax, random


def loop_body(i, args):
    L = len(args[0])
    edge = np.einsum('i,ij->j', args[1], args[0][i])  # label: ACC3
    return (args[0], edge)


@jit
def trace(list_of_tensors):
    L = len(list_of_tensors)
    edge = np.ones((1))
    list_of_tensors, edge = lax.fori_loop(0, L, loop_body, (list_of_tensors, edge))
    return edge


key = random.PRNGKey(0)
list_of_tensors = [random.normal(key, (1, 2)), random.normal(key, (2, 4)),
                   random.normal(key, (4, 8)), random.normal(key, (8, 1))]
try:
    result = trace(list_of_tensors)
    raised = False
except (jax.errors.TracerIntegerConversionError, TypeError) as error:
    raised = True
print(raised)
