# source: https://github.com/jax-ml/jax/issues/15817
# A jitted method of a pytree class assigns `self.x`: the write lands on the traced copy and
# is lost, so the object is unchanged after the call.
import jax


class A:
    def __init__(self, x):
        self.x = x

    def _tree_flatten(self):
        return (self.x,), {}

    @classmethod
    def _tree_unflatten(cls, static, dynamic):
        return cls(*dynamic)

    @jax.jit
    def set_subsystem(self, index, sub):
        self.x = self.x.at[index].set(sub.x)  # expect: ACC409


jax.tree_util.register_pytree_node(A, A._tree_flatten, A._tree_unflatten)
