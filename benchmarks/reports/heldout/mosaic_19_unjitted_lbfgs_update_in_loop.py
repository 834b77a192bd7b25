# source: https://github.com/pasteurlabs/mosaic/pull/19
# framework: JAX
# Written from the pull request's description (the loop before the fix, reduced): `_run_lbfgs`
# drove optax's L-BFGS in a Python loop around `solver.update`, not jitted. The zoom linesearch
# inside `update` "builds a fresh functools.partial body for its jax.lax.while_loop on every
# call, and the while_loop trace cache keys off body identity — so we re-traced the linesearch
# every iteration", until "LLVM compilation error: Cannot allocate memory" in long sweeps. The
# fix jits `solver.update` with `optax.apply_updates`. The loss is a stand-in; `n_steps` is 10.
# verify: c.jax['while'] >= 8
import jax
import jax.numpy as jnp
import optax


def loss_fn(x):
    return jnp.sum((x - 1.0) ** 2) + 0.1 * jnp.sum(x ** 4)


def _run_lbfgs(loss_fn, x0, n_steps, grad_proj_fn=None):
    solver = optax.lbfgs()
    opt_state = solver.init(x0)
    value_and_grad = jax.jit(jax.value_and_grad(loss_fn))
    x = x0
    for _ in range(n_steps):
        value, grad = value_and_grad(x)
        if grad_proj_fn is not None:
            grad = grad_proj_fn(grad)
        updates, opt_state = solver.update(  # label: ACC5
            grad, opt_state, x, value=value, grad=grad, value_fn=loss_fn
        )
        x = optax.apply_updates(x, updates)
    return x


x = _run_lbfgs(loss_fn, jnp.zeros(4), n_steps=10)
