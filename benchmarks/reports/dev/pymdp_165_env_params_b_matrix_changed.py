# source: https://github.com/infer-actively/pymdp/issues/165
# framework: JAX
# "Allow passing a params dictionary into env.step()": in a multi-agent simulation the user
# alters an environment's transition matrix with `env.params["B"][2] = new_B_matrix`, and
# "probably because of jit ... Doing so might not change env.params["B"] as it is used in
# computations"; the proposal is to pass the params into `step`. Reduced to a pymdp-style
# environment whose jitted `step` reads `self.params["B"][2]` (the environment object is the
# static first argument): the matrix replaced after the first step is not seen by the later
# steps, unlike the eager run.
# verify: not close(c.states, e.states)
from functools import partial

import jax
import jax.numpy as jnp


class Env:
    def __init__(self, params):
        self.params = params

    @partial(jax.jit, static_argnums=0)
    def step(self, state):
        B = self.params["B"][2]  # label[b]: ACC6
        return B @ state


B = [jnp.eye(2), jnp.eye(2), jnp.eye(2)]
env = Env({"B": B})
state = jnp.array([1.0, 0.0])
states = []
state = env.step(state)
states.append(state)
new_B_matrix = jnp.array([[0.0, 1.0], [1.0, 0.0]])
env.params["B"][2] = new_B_matrix  # label[b]
for t in range(2):
    state = env.step(state)
    states.append(state)
print(states)
