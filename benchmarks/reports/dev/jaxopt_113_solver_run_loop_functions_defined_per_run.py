# source: https://github.com/google/jaxopt/pull/113
# framework: JAX
# Written from the pull request's description (the library's code before the fix, reduced):
# `IterativeSolver._run` defines `cond_fun` and `body_fun` on every call and hands them to
# `lax.while_loop`; run without `jit`, the loop is traced and compiled again on each `run`
# ("would cause lax.while_loop or lax.scan to be retraced in each subsequent call. This was due
# to cond_fun and body_fun being (re)defined inside the private method _run"). The fix made
# them methods. The solver is a plain gradient descent on a least-squares loss; the caller runs
# it once per step of an outer loop, as a training script calling `solver.run` per batch would.
# verify: c.jax['while'] >= 8
import jax
import jax.numpy as jnp
from jax import lax


class GradientDescent:
    def __init__(self, fun, stepsize=0.1, maxiter=20, tol=1e-6):
        self.fun = fun
        self.stepsize = stepsize
        self.maxiter = maxiter
        self.tol = tol

    def init_state(self, init_params, *args):
        return (jnp.asarray(0), jnp.asarray(jnp.inf))

    def update(self, params, state, *args):
        grad = jax.grad(self.fun)(params, *args)
        iter_num, _ = state
        return params - self.stepsize * grad, (iter_num + 1, jnp.linalg.norm(grad))

    def _run(self, init_params, *args):
        state = self.init_state(init_params, *args)

        def cond_fun(pair):  # label[a]
            _, (iter_num, error) = pair
            return (iter_num < self.maxiter) & (error > self.tol)

        def body_fun(pair):  # label[a]
            params, state = pair
            return self.update(params, state, *args)

        return lax.while_loop(cond_fun, body_fun, (init_params, state))  # label[a]: ACC5

    def run(self, init_params, *args):
        return self._run(init_params, *args)


def least_squares(w, X, y):
    return jnp.mean((X @ w - y) ** 2)


solver = GradientDescent(fun=least_squares)
X = jnp.ones((8, 3))
w = jnp.zeros(3)
num_steps = 10
for step in range(num_steps):
    y = jnp.full(8, float(step))
    w, state = solver.run(w, X, y)  # label[a]
