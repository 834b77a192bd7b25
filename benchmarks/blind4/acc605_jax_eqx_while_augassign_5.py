# source: blind58:acc605_jax_eqx_while_augassign_5
# framework: JAX
# A solver function defines an eqx.filter_jit residual over its local `damping` and a while
# loop raises the damping with `damping *= 2` until converged; the trace keeps the first.
# verify: not close(c.result, e.result)
import equinox as eqx
import jax.numpy as jnp


def solve(x, iters=4):
    damping = 0.1

    @eqx.filter_jit
    def residual(x):
        return x / (1.0 + damping)  # label[a]: ACC605

    history = []
    i = 0
    while i < iters:
        x = residual(x)
        history.append(x)
        damping *= 2  # label[a]
        i += 1
    return history


result = solve(jnp.ones(2))
