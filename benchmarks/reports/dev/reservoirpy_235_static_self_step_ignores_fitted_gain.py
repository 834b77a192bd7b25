# source: https://github.com/reservoirpy/reservoirpy/issues/235
# framework: JAX
# The report: on the jax backend `IPReservoir._step` is jitted with `static_argnums=(0,)` (a
# static `self`) while `fit`/`partial_fit` update `self.a` and `self.b`; `self` hashes by
# identity, so the compiled step keeps the a/b it saw on its first call and intrinsic plasticity
# has no effect. Reduced from the report's description and its reproduction: the node's state
# update, `fit` writing new a/b, and a `run` after it (reservoirpy itself is not installed).
# verify: close(c.before, e.before) and not close(c.after, e.after)
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


class IPReservoir:
    def __init__(self, units, W, Win):
        self.W, self.Win = W, Win
        self.a = jnp.ones(units)
        self.b = jnp.zeros(units)
        self.state = jnp.zeros(units)

    @partial(jax.jit, static_argnums=(0,))
    def _step(self, state, x):
        u = self.W @ state + self.Win @ x
        return jnp.tanh(self.a * u + self.b)  # label[a]: ACC6

    def run(self, X):
        states = []
        for x in X:
            self.state = self._step(self.state, x)
            states.append(self.state)
        return jnp.stack(states)

    def fit(self, X, lr=0.5):
        states = self.run(X)
        self.a = self.a + lr * jnp.mean(1.0 - states ** 2, axis=0)  # label[a]
        self.b = self.b - lr * jnp.mean(states, axis=0)  # label[a]
        return self


rng = np.random.default_rng(0)
x = rng.normal(size=(10, 3))
node = IPReservoir(units=5, W=jnp.asarray(rng.normal(size=(5, 5)) * 0.1), Win=jnp.asarray(rng.normal(size=(5, 3))))
before = node.run(x)
node.fit(x)
node.state = jnp.zeros(5)
after = node.run(x)
