# source: blind55:jax_append_in_jit_2
# framework: JAX
# The model records its activations into a list attribute for later inspection inside the
# jitted forward: the list gets one entry (a tracer) instead of one per call.
# verify: c.n_acts == 1 and e.n_acts == 4
import jax
import jax.numpy as jnp


class MLP:
    def __init__(self):
        self.w = jnp.eye(3)
        self.acts = []
        self.forward = jax.jit(self._forward)

    def _forward(self, x):
        h = jnp.tanh(x @ self.w)
        self.acts.append(h)  # label: ACC4
        return h.sum()


model = MLP()
for i in range(4):
    model.forward(jnp.ones((2, 3)) * i)
n_acts = len(model.acts)
