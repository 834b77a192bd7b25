# source: blind56:jax_eqx_while_cond_and_2
# framework: JAX
# A Newton solver runs in `lax.while_loop` under `eqx.filter_jit`; its stopping rule, in a
# helper, combines two traced tests with Python `and`, which asks for the truth value of a
# tracer and raises; eagerly the same solver runs.
# verify: c.error is not None and e.error is None
import equinox as eqx
import jax
import jax.numpy as jnp


class SolverConfig(eqx.Module):
    tol: float = 1e-6
    max_iter: int = 20


def keep_going(state, cfg):
    x, fx, i = state
    return (jnp.abs(fx) > cfg.tol) and (i < cfg.max_iter)  # label: ACC2


@eqx.filter_jit
def newton_sqrt(a, cfg):
    def step(state):
        x, fx, i = state
        x = x - fx / (2 * x)
        return x, x * x - a, i + 1

    x0 = jnp.asarray(a, jnp.float32)
    state = (x0, x0 * x0 - a, jnp.int32(0))
    return jax.lax.while_loop(lambda s: keep_going(s, cfg), step, state)[0]


error = None
try:
    root = newton_sqrt(jnp.float32(2.0), SolverConfig())
except Exception as exc:
    error = type(exc).__name__
