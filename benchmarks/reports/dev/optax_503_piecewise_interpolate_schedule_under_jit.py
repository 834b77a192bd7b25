# source: https://github.com/google-deepmind/optax/pull/504
# framework: JAX
# "Fix JIT for piecewise_interpolate_schedule, cosine_onecycle_schedule, linear_onecycle_schedule"
# (fixes optax#503, "closure leaks tracers under JIT"): the schedule factory computed its
# boundaries and values with `jnp` calls, so a schedule built inside a jitted function (a flax
# TrainState created under `jax.jit`) closed over tracers. The reporter's repro on today's optax
# (0.2.8, which builds them with NumPy): both TrainStates are created under `jit` with
# `check_tracer_leaks` and no tracer leaks; four scaled steps give the eager twin's values.
# label: none
# verify: c.leak is None and close(c.counts, e.counts)
import jax
import optax
from flax.training.train_state import TrainState
from jax import numpy as jnp


@jax.jit
def ok_example() -> TrainState:
    return TrainState.create(
        apply_fn=lambda *_: None,
        params=jnp.zeros(5),
        tx=optax.scale_by_schedule(
            optax.linear_schedule(init_value=0.0, end_value=1.0, transition_steps=100)
        ),
    )


@jax.jit
def not_ok_example() -> TrainState:
    return TrainState.create(
        apply_fn=lambda *_: None,
        params=jnp.zeros(5),
        tx=optax.scale_by_schedule(
            optax.piecewise_interpolate_schedule(
                "linear", init_value=1.0, boundaries_and_scales={10: 2.0}
            )
        ),
    )


leak = None
counts = []
try:
    with jax.check_tracer_leaks():
        for make in (ok_example, not_ok_example):
            state = make()
            params, opt_state = state.params, state.opt_state
            for _ in range(4):
                updates, opt_state = state.tx.update(jnp.ones(5), opt_state, params)
                params = params + updates
            counts.append(params)
except Exception as exc:  # the leak the issue reported
    leak = f"{type(exc).__name__}: {exc}"[:200]
print(leak, counts)
