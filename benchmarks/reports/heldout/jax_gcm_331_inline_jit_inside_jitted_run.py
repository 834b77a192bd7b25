# source: https://github.com/climate-analytics-lab/jax-gcm/pull/331
# framework: JAX
# "Avoid redundant jit compilation in integrate_fn": the model's `run_from_state` is jitted and
# its integrator called `jax.jit(...)` inline; inside a traced function that inner jit is a
# nested call the outer compile inlines ("a compilation barrier"), so the PR removes it for a
# small speed-up. The program before the PR: one compile of `run_from_state`, reused by the
# second run, the same result as eager. Fine. A damped-oscillator step stands for the GCM.
# label: none
# verify: c.jax['run_from_state'] == 1 and close(c.finals, e.finals)
import jax
import jax.numpy as jnp


def step(state, dt):
    x, v = state
    return (x + dt * v, v - dt * (x + 0.1 * v))


def integrate_fn(state, dt, n_steps):
    def body(state, _):
        return step(state, dt), state[0]

    return jax.lax.scan(body, state, None, length=n_steps)


@jax.jit
def run_from_state(state, dt):
    final, history = jax.jit(integrate_fn, static_argnums=2)(state, dt, 100)
    return final, history.mean()


state = (jnp.float32(1.0), jnp.float32(0.0))
finals = []
for dt in (0.01, 0.02):
    final, mean = run_from_state(state, dt)
    finals.append([float(final[0]), float(mean)])
print(finals)
