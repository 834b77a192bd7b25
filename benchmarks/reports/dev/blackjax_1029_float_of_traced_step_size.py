# source: https://github.com/blackjax-devs/blackjax/issues/1029
# framework: JAX
# `chees_adaptation(...).run` calls `_apply_length_floor(..., float(step_size_ma))` where
# `step_size_ma = jnp.exp(...)` is a tracer when the warmup is jitted: ConcretizationTypeError.
# Reduced to the adaptation's last lines (blackjax not needed); the error is caught.
# verify: "ConcretizationTypeError" in c.error and e.error is None
import jax
import jax.numpy as jnp


def _apply_length_floor(trajectory_length, lambda_max, engaged, floor, max_steps, step_size):
    return jnp.minimum(jnp.maximum(trajectory_length, floor * lambda_max), max_steps * step_size)


def run(log_step_size_moving_average, trajectory_length_ma, lambda_max):
    step_size_ma = jnp.exp(log_step_size_moving_average)
    return _apply_length_floor(
        trajectory_length_ma,
        lambda_max,
        True,
        0.5,
        1000,
        float(step_size_ma),  # label: ACC3
    )


error = None
try:
    jax.jit(run)(jnp.log(0.1), 3.0, 2.0)
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
