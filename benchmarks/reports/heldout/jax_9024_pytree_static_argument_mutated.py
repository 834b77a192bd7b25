# source: https://github.com/jax-ml/jax/issues/9024
# framework: JAX
# A custom pytree passed as a static argument is keyed by its hash, which for `MyClass` is the
# object's identity: after `m.data += 1` the same object hits the cache and the jitted
# function returns the old data ([0 1 2 3]); eagerly it returns [1 2 3 4].
# verify: not close(c.r2, e.r2)
import jax.numpy as jnp
from jax import jit
from jax.tree_util import register_pytree_node


class MyClass:
    def __init__(self, data):
        self.data = data


register_pytree_node(MyClass, lambda v: ((v.data,), None), lambda _, data: MyClass(*data))

m = MyClass(jnp.arange(4))

get_data = lambda x: x.data  # label[a]: ACC6
jit_get_data = jit(get_data, static_argnums=0)

r1 = jit_get_data(m)
m.data += 1  # label[a]
r2 = jit_get_data(m)
print(r1, r2)
