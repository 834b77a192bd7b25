# source: https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html#pure_uses_internal_state
# framework: JAX
# The sharp bits' `pure_uses_internal_state`: a function may use state internally (a local
# `state` updated in a Python loop) and still be pure. Jitted, it gives the eager result on
# every call. Fine.
# label: none
# verify: close(c.r, e.r)
from jax import jit


def pure_uses_internal_state(x):
    state = dict(even=0, odd=0)
    for i in range(10):
        state["even" if i % 2 == 0 else "odd"] += x
    return state["even"] + state["odd"]


r = [jit(pure_uses_internal_state)(5.0), jit(pure_uses_internal_state)(6.0)]
print(r)
