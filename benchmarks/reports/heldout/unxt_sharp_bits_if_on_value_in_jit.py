# source: https://unxt.readthedocs.io/en/stable/_sources/guides/sharp-bits.md
# framework: JAX
# unxt's sharp bits: `bad_clamp` is jitted and branches with a Python `if x.value > 10.0` on a
# quantity's value, which is traced ("Python if statement with traced values doesn't work").
# Reduced without unxt: a small registered quantity pytree with a `value` array and a static
# unit string.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Q:
    def __init__(self, value, unit):
        self.value = value
        self.unit = unit

    def tree_flatten(self):
        return (self.value,), self.unit

    @classmethod
    def tree_unflatten(cls, unit, children):
        return cls(children[0], unit)


@jax.jit
def bad_clamp(x: Q):
    if x.value > 10.0:  # label: ACC2
        return Q(10.0, x.unit)
    else:
        return x


error = None
try:
    r = bad_clamp(Q(jnp.asarray(12.0), "m"))
    print(r.value, r.unit)
except Exception as exc:
    error = type(exc).__name__
print(error)
