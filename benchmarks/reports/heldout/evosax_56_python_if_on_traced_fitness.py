# source: https://github.com/RobertTLange/evosax/pull/56
# framework: JAX
# "Fix LMMAES": the pull request rewrites `LM_MA_ES.tell_strategy` and tracks the best member
# with `if state.best_fitness < sorted_solutions[0, 0]: state.best_fitness = ...`; the
# maintainer asks to "rewrite this with `jax.lax.select` -- otherwise JAX will have" to
# concretize it (evosax jits `tell`). Reduced to that update in a jitted `tell_strategy` (the
# strategy's covariance and path updates left out, the state a dict): the Python `if` on a traced
# comparison raises while `tell` is traced; the eager run updates the best member.
# verify: "Error" in c.error and e.error is None
import jax
import jax.numpy as jnp


@jax.jit
def tell_strategy(x, fitness, state):
    concat_p_f = jnp.hstack([jnp.expand_dims(fitness, 1), x])
    sorted_solutions = concat_p_f[concat_p_f[:, 0].argsort()]
    if state["best_fitness"] < sorted_solutions[0, 0]:  # label: ACC2
        state["best_fitness"] = sorted_solutions[0, 0]
        state["best_member"] = sorted_solutions[0, 1:]
    return state


x = jax.random.normal(jax.random.PRNGKey(0), (8, 3))
fitness = jnp.sum(x**2, axis=1)
state = {"best_fitness": jnp.array(-1.0), "best_member": jnp.zeros(3)}
error = None
try:
    state = tell_strategy(x, fitness, state)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
