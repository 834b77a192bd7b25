# source: https://github.com/google/brax/issues/349
# framework: JAX
# A maintainer's answer to "brax very slow?": jit `env.reset` and `env.step` once, then step in
# a loop; the first call of each compiles and every later step reuses it. brax's halfcheetah is
# replaced by a stand-in environment with the same `reset`/`step` interface (brax is not
# installed); the user's code is kept. One compile of each. Fine.
# label: none
# verify: c.jax['step'] == 1 and c.jax['reset'] == 1
import time
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    q: jax.Array
    obs: jax.Array


class Env:
    action_size = 6

    def reset(self, rng):
        q = jax.random.normal(rng, (self.action_size,))
        return State(q, jnp.tanh(q))

    def step(self, state, action):
        q = state.q + 0.05 * action
        return State(q, jnp.tanh(q))


env = Env()
reset = jax.jit(env.reset)
step = jax.jit(env.step)
seed = jax.random.PRNGKey(777)
reset_seed, state_seed = jax.random.split(seed)
t = time.time()
state = reset(reset_seed)
print(f"{time.time() - t:.3f} sec to RESET")
for i in range(5):
    t = time.time()
    state_seed, seed = jax.random.split(state_seed)
    jax_action = jax.random.normal(seed, (env.action_size,))
    state = step(state=state, action=jax_action)
    print(f"{time.time() - t:.3f} sec to STEP")
