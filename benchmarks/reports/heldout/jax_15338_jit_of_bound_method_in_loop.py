# source: https://github.com/jax-ml/jax/issues/15338
# framework: JAX
# The report's two loops: `jax.jit(do, static_argnums=2)(a, subkey, shape)` with a free
# function traces once over three passes, while `jax.jit(a.do, static_argnums=1)(subkey,
# shape)` - a jit of the bound method, applied anew each pass - traced on every pass. So it
# still does on jax 0.10 (three traces of `do`, one of `do_fn`). (The prints are removed: the
# compile log counts.)
# verify: c.jax["do"] >= 3 and c.jax["do_fn"] == 1
import jax
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class A:
    def do(self, key, shape):
        return jax.random.uniform(key, shape)

    def tree_flatten(self):
        return (), {}

    @classmethod
    def tree_unflatten(cls, treedef, leaves):
        return cls(*leaves, **treedef)


def do_fn(obj, key, shape):
    return obj.do(key, shape)


a = A()
key = jax.random.PRNGKey(42)

for _ in range(3):
    key, subkey = jax.random.split(key)
    jax.jit(do_fn, static_argnums=2)(a, subkey, (2, 3, 4))

for _ in range(3):
    key, subkey = jax.random.split(key)
    jax.jit(a.do, static_argnums=1)(subkey, (2, 3, 4))  # label: ACC5
