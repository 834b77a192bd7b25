# source: blind57:jax_print_loss_2
# framework: JAX
# An equinox training step appends each loss to a history list held by a logger object;
# inside `eqx.filter_jit` the append runs once, at trace time, with a tracer.
# verify: len(c.history) < len(e.history)
import equinox as eqx
import jax
import jax.numpy as jnp


class History:
    def __init__(self):
        self.losses = []

    def log(self, loss):
        self.losses.append(loss)  # label: ACC4


def make_step(history):
    @eqx.filter_jit
    def step(model, x, y):
        loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
        history.log(loss)
        return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, model, grads)

    return step


def main(steps=5):
    history = History()
    step = make_step(history)
    model = eqx.nn.Linear(2, 1, key=jax.random.PRNGKey(0))
    x, y = jnp.ones((4, 2)), jnp.zeros((4, 1))
    for _ in range(steps):
        model = step(model, x, y)
    return history.losses


history = main()
