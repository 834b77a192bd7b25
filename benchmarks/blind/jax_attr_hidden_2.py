# source: blind55:jax_attr_hidden_2
# framework: JAX
# A closure over a trainer object: the jitted step reads trainer.lr, and a plateau scheduler
# halves trainer.lr between epochs. The step keeps using the learning rate of the first trace.
# verify: not close(c.w, e.w)
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, lr):
        self.lr = lr
        self.best = float("inf")

    def make_step(self):
        def step(w, x, y):
            g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
            return w - self.lr * g  # label[a]: ACC6

        return jax.jit(step)

    def on_plateau(self, loss):
        if loss >= self.best * 0.99:
            self.lr = self.lr / 2  # label[a]
        self.best = min(self.best, loss)


trainer = Trainer(0.5)
step = trainer.make_step()
w = jnp.zeros((2,))
x, y = jnp.ones((4, 2)), jnp.ones((4,))
for epoch in range(6):
    w = step(w, x, y)
    trainer.on_plateau(1.0)
