# source: https://www.creativeworksofknowledge.com/cwk-quests/jax-quest/jit/1/
# framework: JAX
# A JAX course page on what `jax.jit` does, "experimenting" with a counter: a jitted `f` does
# `nonlocal n_traces; n_traces += 1` ("only +1 at trace time") and is called with shapes (10,),
# (10,) again, (20,) and a float64 array of 20. The Python increment runs while JAX traces, not
# when the compiled function runs, so the counter counts traces (2), not calls (4 eagerly); the
# page's float64 call is a new cache key only with x64 enabled, which it does not turn on.
# verify: c.n_traces_seen == 2 and e.n_traces_seen == 4
import jax
import jax.numpy as jnp


def trace_count_demo():
    n_traces = 0

    @jax.jit
    def f(x):
        nonlocal n_traces
        n_traces += 1  # label: ACC4
        return x * 2

    f(jnp.arange(10.))
    f(jnp.arange(10.))
    f(jnp.arange(20.))
    f(jnp.arange(20., dtype=jnp.float64))
    print(f"trace 횟수: {n_traces}")
    return n_traces


n_traces_seen = trace_count_demo()
