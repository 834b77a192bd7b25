# source: https://github.com/jax-ml/jax/issues/19314
# framework: JAX
# label: none
# "vmap conditional debug.print ignores conditioning": under `vmap`, a `lax.cond` whose true
# branch calls `jax.debug.print` prints for every element, whatever the predicate; the
# answer: a vmapped `cond` becomes a `select`, which runs both branches - behaving as expected.
# `jax.debug.print` is the staged print, and the selected values are right: the code.
# verify: close(c.result, e.result)
import jax


def f(x):
    key = jax.random.PRNGKey(123)
    u = jax.random.uniform(key)
    jax.lax.cond(u > x, lambda w, z: jax.debug.print("selecting u: {w}>{z}", w=w, z=z), lambda x, y: None, u, x)
    v = jax.lax.select(u > x, u, x)
    return v


vmapped = jax.vmap(f, in_axes=(0,))
key = jax.random.PRNGKey(1)
x_grid = jax.random.uniform(key, (4,))
result = vmapped(x_grid)
print(result)
