# source: blind55:jax_jit_in_loop_2
# framework: JAX
# The model jits its own bound method on every predict call: `jax.jit(self._predict)` is a new
# bound-method object each time, so the jit cache never hits.
# verify: c.jax['_predict'] >= 8
import jax
import jax.numpy as jnp


class Regressor:
    def __init__(self, dim):
        self.w = jnp.ones((dim,)) * 0.1

    def _predict(self, w, x):
        return x @ w

    def predict(self, x):
        return jax.jit(self._predict)(self.w, x)  # label: ACC5


model = Regressor(4)
preds = []
for i in range(10):
    preds.append(model.predict(jnp.ones((2, 4)) * i))
