# source: https://github.com/energnn/energnn/pull/75
# framework: JAX
# Written from the pull request's description (the diff is not in the thread): the trainer built
# its JIT-compiled forward+VJP and optimizer-update functions inside every `training_step`, so
# each step traced and compiled them again; caching them once in `Trainer.__init__` gave a
# 7.5-12x speed-up and "the cached wrapper is traced exactly once". The model is a stand-in
# linear map; the optimizer is plain SGD; the training loop runs `n_steps` steps.
# verify: c.jax['forward_vjp'] >= 8 and c.jax['update'] >= 8
import jax
import jax.numpy as jnp


class Trainer:
    def __init__(self, params, lr):
        self.params = params
        self.lr = lr

    def training_step(self, batch):
        x, y = batch

        @jax.jit
        def forward_vjp(params):  # label[a]
            def loss_fn(p):
                return jnp.mean((x @ p - y) ** 2)

            loss, vjp = jax.vjp(loss_fn, params)
            (grads,) = vjp(jnp.ones_like(loss))
            return loss, grads

        @jax.jit
        def update(params, grads):  # label[a]
            return jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads)

        loss, grads = forward_vjp(self.params)  # label[a]
        self.params = update(self.params, grads)  # label[a]
        return loss


trainer = Trainer(jnp.zeros((3, 1)), lr=0.1)
x = jnp.ones((8, 3))
y = jnp.ones((8, 1))
n_steps = 10
for step in range(n_steps):
    loss = trainer.training_step((x, y))  # label[a]: ACC5
