# source: https://github.com/talmolab/track-mjx/issues/45
# framework: JAX
# "`policy_param_fn`'s rendering code `jit` compiles the environment every eval": the evaluation
# callback creates the evaluator environment and calls `jax.jit(env.reset)` / `jax.jit(env.step)`
# inside itself, so every evaluation compiles them again ("we only need to call jax.jit once").
# Reduced to a point-mass environment and a training loop that evaluates every 2 steps for 12
# steps: each of the 6 evaluations traces `step` anew.
# verify: c.jax['step'] >= 6
import jax
import jax.numpy as jnp


class PointEnv:
    def reset(self, key):
        return jax.random.normal(key, (2,))

    def step(self, state, action):
        return state + 0.1 * action


def policy_params_fn(params, key):
    rollout_env = PointEnv()
    jit_reset = jax.jit(rollout_env.reset)
    jit_step = jax.jit(rollout_env.step)  # label: ACC5
    state = jit_reset(key)
    total = 0.0
    for _ in range(5):
        state = jit_step(state, jnp.tanh(params @ state))
        total += float(jnp.sum(state**2))
    return total


params = jnp.eye(2)
key = jax.random.PRNGKey(0)
returns = []
for step in range(12):
    params = params * 0.99  # a training update
    if step % 2 == 0:
        key, sub = jax.random.split(key)
        returns.append(policy_params_fn(params, sub))
print(returns)
