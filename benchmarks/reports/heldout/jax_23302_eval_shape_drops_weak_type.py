# source: https://github.com/jax-ml/jax/issues/23302
# framework: JAX
# `eval_shape` does not keep `weak_type`, which makes it hard to find why a jitted function is
# compiled again: a weakly typed and a strongly typed argument of the same shape and dtype are
# two cache keys. One call with each: two compiles, bounded. A fine look-alike; the report's
# `eval_shape` line is kept.
# label: none
# verify: c.jax['f'] == 2 and c.weak and not c.strong
import jax
import jax.numpy as jnp


@jax.jit
def f(y):
    return y + jnp.ones(())


y_weak = jax.numpy.array(1.0)
y_strong = jnp.ones(())
weak, strong = y_weak.weak_type, y_strong.weak_type
f(y_weak)
f(y_strong)
print(jax.eval_shape(jax.numpy.array, 1))
