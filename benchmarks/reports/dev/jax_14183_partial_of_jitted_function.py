# source: https://github.com/jax-ml/jax/issues/14183
# framework: JAX
# `jax.tree_util.Partial(some_function, parameter=1)` around a jitted function: its first call
# compiles again (the bound `parameter` becomes a traced leaf instead of a weakly typed Python
# argument), the second call hits the cache. The user's `test_compilation` is called once: two
# compiles in all, bounded. Fine.
# label: none
# verify: c.jax['some_function'] <= 2
import jax
from jax.tree_util import Partial


@jax.jit
def some_function(x, parameter):
    return x + parameter


def test_compilation():
    some_function(1, 1)  # compiles
    patial_function = Partial(some_function, parameter=1)
    patial_function(1)  # compiles again
    patial_function(1)
    return


test_compilation()
