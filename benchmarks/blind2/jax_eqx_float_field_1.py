# source: blind56:jax_eqx_float_field_1
# framework: JAX
# An equinox model keeps its dropout-free "temperature" as a plain Python float field, and the
# annealing helper rebuilds the model with eqx.tree_at each step. filter_jit treats non-array
# leaves as static, so every new float is a new cache key.
# verify: c.jax['make_step'] >= 8
import equinox as eqx
import jax
import jax.numpy as jnp


class Policy(eqx.Module):
    linear: eqx.nn.Linear
    temperature: float

    def __call__(self, x):
        return jax.nn.log_softmax(self.linear(x) / self.temperature)


@eqx.filter_jit
def make_step(model, x, target):
    def loss_fn(m):
        return -jnp.sum(m(x) * target)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -0.05 * g, grads))
    return model, loss


def anneal(model, step, total):
    new_t = 1.0 - 0.9 * step / total
    return eqx.tree_at(lambda m: m.temperature, model, new_t)  # label[a]


def train(model, total=10):
    x, target = jnp.ones(3), jax.nn.one_hot(1, 2)
    for step in range(total):
        model = anneal(model, step, total)
        model, loss = make_step(model, x, target)  # label[a]: ACC5
    return model


model = train(Policy(eqx.nn.Linear(3, 2, key=jax.random.PRNGKey(0)), 1.0))
