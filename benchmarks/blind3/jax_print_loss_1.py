# source: blind57:jax_print_loss_1
# framework: JAX
# A progress reporter prints each step's loss; the reporter is called inside the jitted
# step, so it prints once (a tracer), not once per step.
# verify: c.out.count("step loss") < e.out.count("step loss")
import jax
import jax.numpy as jnp


class Reporter:
    def __init__(self, prefix):
        self.prefix = prefix

    def report(self, loss):
        print(f"{self.prefix} step loss {loss}")  # label: ACC4


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
    return w


w = train()
