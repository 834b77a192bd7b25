# source: https://github.com/google-deepmind/optax/issues/577
# framework: JAX
# The learning rate given to `optax.adafactor` becomes a constant of the jitted `tx.update`
# (the HLO shows it), so a sweep over learning rates compiles once per value, and a new `tx`
# each time is a new bound method anyway. The user's `main(lr)` is called once per sweep value
# here (eight values); the `.lower().as_text()` becomes a call.
# verify: c.jax['update_fn'] >= 8
import jax
import jax.numpy as jnp
import optax
from jax.numpy import bfloat16


def main(lr):
    tx = optax.adafactor(learning_rate=lr, weight_decay_rate=lr, momentum=lr, dtype_momentum=bfloat16)
    model = jnp.ones(8, bfloat16)
    opt_state = tx.init(model)
    return jax.jit(tx.update)(model, opt_state, model)  # label[a]: ACC5


for lr in [1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 1e-2, 2e-2]:
    main(lr)  # label[a]
