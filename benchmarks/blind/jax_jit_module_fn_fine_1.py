# source: blind55:jax_jit_module_fn_fine_1
# framework: JAX
# label: none
# jax.jit re-applied to the same module-level function in a loop: jit's cache is keyed on the
# function object, so every re-wrap after the first hits the old entry (one compile).
# verify: c.jax['mse'] == 1
import jax
import jax.numpy as jnp


def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def validate(preds, targets):
    total = 0.0
    for p, t in zip(preds, targets):
        total += float(jax.jit(mse)(p, t))
    return total


preds = [jnp.ones((4,)) * i for i in range(10)]
targets = [jnp.zeros((4,)) for _ in range(10)]
score = validate(preds, targets)
