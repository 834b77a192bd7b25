# source: https://github.com/jax-ml/jax/issues/19654
# framework: JAX
# With `jax_disable_jit` set, an Adam loop still compiles JAX's primitives one by one, and the
# report's compile log showed `integer_pow` (the bias correction of the step count) compiled
# again on later iterations: disable_jit also switched off the primitives' compilation cache.
# jax 0.10.2: `integer_pow` compiled 7 times in the 5 passes. The report's own loop (`range(5)`,
# `iterations` unused) is kept.
# verify: c.jax['integer_pow'] >= 5
import jax
jax.config.update('jax_disable_jit', True)
import jax.numpy as jnp
import optax

x = jnp.ones(3)


def loss(x_):
    return jnp.sum(x_**2)


optimizer = optax.adam(1e-2)
opt_state = optimizer.init(x)
loss_vg = jax.grad(loss)
iterations = 500
for i in range(5):
    print('======', i, '======')
    grads = loss_vg(x)
    updates, opt_state = optimizer.update(grads, opt_state)  # label: ACC5
    x = optax.apply_updates(x, updates)
