# source: blind55:jax_jit_once_fine_2
# framework: JAX
# label: none
# The step function is jitted once in the trainer's constructor and reused every step.
# verify: c.jax['_step'] == 1
import jax
import jax.numpy as jnp


class SGDTrainer:
    def __init__(self, lr):
        self.lr = lr
        self.step_fn = jax.jit(self._step)

    def _step(self, w, x, y):
        grad = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        return w - 0.1 * grad

    def fit(self, w, data):
        for x, y in data:
            w = self.step_fn(w, x, y)
        return w


data = [(jnp.ones((8, 2)) * i, jnp.ones((8,))) for i in range(10)]
w = SGDTrainer(0.1).fit(jnp.zeros((2,)), data)
