# source: https://github.com/jax-ml/jax/issues/15136
# framework: JAX
# A training class whose `opt` method is jitted with `self` static and assigns the updated
# parameters to `self.param` inside the jitted body. The assignment runs while `opt` is traced,
# once: `self` hashes by identity, so later calls hit the cache and only the compiled graph (which
# returns nothing) runs. `self.param` keeps the tracers of that first trace ("jit-compiling an
# impure function ... don't modify self within this jit-compiled function"). The user's network
# (in a linked notebook) is a small dense layer here; the loop runs `num_epochs` times.
# verify: "Tracer" in c.leaked and "Tracer" not in e.leaked
import functools

import jax.numpy as jnp
from jax import grad, jit


class NN:
    def __init__(self):
        self.param = [(jnp.ones((3, 2)), jnp.zeros(2))]
        self.lr = 0.1

    def loss(self, param, data, labels):
        (w, b), = param
        return jnp.mean((data @ w + b - labels) ** 2)


class Trainer:
    def __init__(self, nn, data, labels):
        self.nn = nn
        self.data = data
        self.labels = labels
        self.param = nn.param

    @functools.partial(jit, static_argnums=(0,))
    def opt(self):
        grads = grad(self.nn.loss)(self.nn.param, self.data, self.labels)
        self.param = [(w - self.nn.lr * dw, b - self.nn.lr * db)  # label: ACC4
                      for (w, b), (dw, db) in zip(self.nn.param, grads)]
        return


t = Trainer(NN(), jnp.ones((4, 3)), jnp.zeros((4, 2)))
num_epochs = 5
for epoch in range(num_epochs):
    t.opt()
leaked = type(t.param[0][0]).__name__
print(leaked)
