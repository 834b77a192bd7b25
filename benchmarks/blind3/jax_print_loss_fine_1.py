# source: blind57:jax_print_loss_fine_1
# framework: JAX
# label: none
# The reporter prints with `jax.debug.print`, which the compiled step runs on every call.
# verify: c.out.count("step loss") == 5
import jax
import jax.numpy as jnp


class Reporter:
    def __init__(self, prefix):
        self.prefix = prefix

    def report(self, loss):
        jax.debug.print(self.prefix + " step loss {l}", l=loss)


def make_step(reporter):
    @jax.jit
    def step(w, x):
        loss, g = jax.value_and_grad(lambda w: jnp.mean((x @ w) ** 2))(w)
        reporter.report(loss)
        return w - 0.1 * g

    return step


def train(steps=5):
    step = make_step(Reporter("[train]"))
    w = jnp.ones(2)
    for _ in range(steps):
        w = step(w, jnp.ones((3, 2)))
    w.block_until_ready()
    return w


w = train()
