# source: https://github.com/jax-ml/jax/pull/5492
# framework: JAX
# "revive the leak checker": the PR's example, `lst.append(x)` inside a jitted `f`, "one of the
# main sources of confusing bugs with JAX". The append runs only while `f` is traced: after
# three calls the module-level list holds one element, a leaked tracer, where the eager
# function appends three values.
# verify: len(c.lst) == 1 and c.leaked and len(e.lst) == 3
import jax
from jax import jit

lst = []


@jit
def f(x):
    lst.append(x)  # label: ACC4
    return x


for v in (3.0, 4.0, 5.0):
    f(v)
leaked = isinstance(lst[0], jax.core.Tracer)
print(len(lst), leaked)
