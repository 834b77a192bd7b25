# source: https://github.com/patrick-kidger/equinox/issues/1062
# framework: JAX
# scarlet2's fitting step is an `eqx.filter_jit` function over an equinox Module that holds a
# plain Python int updated by the step: "jit is recompiling the _step function when the argument
# goes from MyModule(x=0) to MyModule(x=1)". A non-array field is static for filter_jit, so every
# new value is a new cache key; with the int made an array the step compiled once. The module's
# array field stands for the fitted parameters; the loop runs `num_steps` fitting steps.
# Written from the report's description (the stored excerpt has no code).
# verify: c.jax['_step'] >= 8
import equinox as eqx
import jax
import jax.numpy as jnp


class MyModule(eqx.Module):
    x: int
    value: jax.Array


@eqx.filter_jit
def _step(module):
    return MyModule(x=module.x + 1, value=module.value * 0.5)


module = MyModule(x=0, value=jnp.ones(3))
num_steps = 10
for step in range(num_steps):
    module = _step(module)  # label: ACC5
print(module.x)
