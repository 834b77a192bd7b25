# source: https://github.com/PlasmaControl/DESC/pull/1963
# framework: JAX
# Label: fine look-alike. DESC's optimizable objects cast some attributes with `float()`, a Python
# (weakly typed) value, and elsewhere hold them as `jnp.float64`-like arrays; handing the attribute
# to a jitted compute function then gives two cache keys, a weak and a strong scalar, "technically
# ... not more than 2" compilations as the PR says. Checked: a loop of eight evaluations, whose
# attribute turns from `float(...)` into an array after the first update, compiles twice.
# The objective class is a small stand-in for DESC's.
# label: none
# verify: c.jax['compute'] == 2
import jax
import jax.numpy as jnp


class Objective:
    def __init__(self, weight):
        self.weight = float(weight)

    def update(self, factor):
        self.weight = jnp.asarray(self.weight, dtype=jnp.float32) * factor


@jax.jit
def compute(params, weight):
    return weight * jnp.sum(params**2)


obj = Objective(2.0)
params = jnp.arange(4.0)
values = []
for step in range(8):
    values.append(compute(params, obj.weight))
    obj.update(0.9)
print(values[-1])
