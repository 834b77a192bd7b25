# source: blind58:acc605_jax_nonlocal_setter_1
# framework: JAX
# An optimiser factory returns a jitted update closure over its `lr` parameter and a setter
# that rebinds `lr` (nonlocal). The update traced with the first lr keeps it after set_lr.
# verify: not close(c.params, e.params)
import jax
import jax.numpy as jnp


def make_optimizer(lr):
    @jax.jit
    def update(p, g):
        return p - lr * g  # label[a]: ACC605

    def set_lr(value):
        nonlocal lr
        lr = value  # label[a]

    return update, set_lr


update, set_lr = make_optimizer(0.1)
params = jnp.ones(3)
for epoch in range(4):
    params = update(params, jnp.ones(3))
    set_lr(0.1 * (epoch + 2))
