# source: https://github.com/PlasmaControl/DESC/issues/1581
# framework: JAX
# label: none
# DESC's recompilation issue, resolved by "Prevent weak type promotion to reduce recompilation":
# optimizable objects cast some attributes with `float()`, a Python value JAX treats as weakly
# typed, while the same attributes elsewhere are `jnp.float64` arrays, so a jitted compute sees
# two different argument types - "technically, the number of compilations shouldn't be more than
# 2, but this can be the cause of some recompilations". Reduced to an objective whose `weight`
# starts as `float(...)` and is later assigned an array: one extra compile when the type
# changes, then the cache holds; 2 compiles for 10 evaluations with changing values, bounded.
# verify: c.jax['compute'] == 2 and close(c.values, e.values)
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


@jax.jit
def compute(params, weight, target):
    return weight * jnp.sum((params - target) ** 2)


class Objective:
    def __init__(self, weight, target):
        self.weight = float(weight)  # a Python float: weakly typed under jit
        self.target = jnp.asarray(target, dtype=jnp.float64)

    def compute_scaled(self, params):
        return compute(params, self.weight, self.target)


obj = Objective(2, [1.0, 2.0])
params = jnp.zeros(2)
values = []
for step in range(10):
    values.append(float(obj.compute_scaled(params + step)))
    if step == 4:
        obj.weight = jnp.asarray(obj.weight * 0.5, dtype=jnp.float64)  # now a strongly typed array
print(values)
