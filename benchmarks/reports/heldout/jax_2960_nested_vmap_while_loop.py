# source: https://github.com/jax-ml/jax/issues/2960
# framework: JAX
# "Nested vmap over while_loop sometimes raises errors" (jax 0.1.65): `repeat` runs a
# `lax.while_loop` whose trip count `num_steps` is mapped, and vmapping the two grids in the
# other order raised. Today both orders run and the second grid is the transpose of the first.
# Fine.
# label: none
# verify: c.error is None and c.same
import jax
import jax.numpy as jnp


def repeat(step_size, num_steps):
    def cond(ix):
        return ix[0] < num_steps

    def body(ix):
        i, x = ix
        return i + 1, x + step_size

    return jax.lax.while_loop(cond, body, (0, 0.0))[1]


def grid1(step_size, num_steps):
    @jax.vmap
    def iter_num_steps(num_steps):
        @jax.vmap
        def iter_step_size(step_size):
            return repeat(step_size, num_steps)
        return iter_step_size(step_size)
    return iter_num_steps(num_steps)


def grid2(step_size, num_steps):
    @jax.vmap
    def iter_step_size(step_size):
        @jax.vmap
        def iter_num_steps(num_steps):
            return repeat(step_size, num_steps)
        return iter_num_steps(num_steps)
    return iter_step_size(step_size)


error = None
same = False
try:
    g1 = grid1(jnp.linspace(0.1, 1.0, 3), jnp.arange(5))
    g2 = grid2(jnp.linspace(0.1, 1.0, 3), jnp.arange(5))
    same = bool(jnp.allclose(g1, g2.T))
except Exception as exc:
    error = type(exc).__name__
print(error, same)
