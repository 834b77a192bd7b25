# source: https://github.com/jax-ml/jax/issues/15817
# framework: JAX
# "class method does not modify attributes when jitted": `A` is a registered pytree and its
# jitted `set_subsystem` does `self.x = self.x.at[index].set(sub.x)`. Under jit the method gets
# a rebuilt copy of `a` (flattened and unflattened), so the assignment lands on the copy and
# `a.x` is unchanged; without jit it is updated ("if there is not jit here then everything is
# good"). The issue's code.
# verify: not close(c.after, e.after) and close(c.after, c.before)
import jax
import jax.numpy as jnp
import numpy as np


class A:
    def __init__(self, x: jnp.ndarray):
        self.x = x

    def _tree_flatten(self):
        dynamic = (self.x,)
        static = {}
        return dynamic, static

    @classmethod
    def _tree_unflatten(cls, static, dynamic):
        return cls(*dynamic)

    @jax.jit  # if there is not jit here then everything is good
    def set_subsystem(self, index, sub: "A"):
        self.x = self.x.at[index].set(sub.x)  # label: ACC4


jax.tree_util.register_pytree_node(A, A._tree_flatten, A._tree_unflatten)

nall = 3
nsub = 2
rng = np.random.default_rng(0)
x = jnp.array(rng.random((nall,)))
x2 = jnp.array(rng.random((nsub,)))

a = A(x)
a2 = A(x2)
before = np.asarray(a.x).tolist()
a.set_subsystem(jnp.arange(nsub), a2)
after = np.asarray(a.x).tolist()
print(before, after)
