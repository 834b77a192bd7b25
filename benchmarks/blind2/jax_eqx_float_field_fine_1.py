# source: blind56:jax_eqx_float_field_fine_1
# framework: JAX
# label: none
# The same annealing, but the temperature field holds a JAX array: eqx.filter_jit traces array
# leaves, so the rebuilt model has the same cache key and the step is traced once.
# verify: c.jax['make_step'] == 1
import equinox as eqx
import jax
import jax.numpy as jnp


class Policy(eqx.Module):
    linear: eqx.nn.Linear
    temperature: jax.Array

    def __call__(self, x):
        return jax.nn.log_softmax(self.linear(x) / self.temperature)


@eqx.filter_jit
def make_step(model, x, target):
    def loss_fn(m):
        return -jnp.sum(m(x) * target)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    model = jax.tree_util.tree_map(lambda p, g: p - 0.05 * g, model, grads)
    return model, loss


def anneal(model, step, total):
    new_t = jnp.asarray(1.0 - 0.9 * step / total, dtype=jnp.float32)
    return eqx.tree_at(lambda m: m.temperature, model, new_t)


def train(model, total=10):
    x, target = jnp.ones(3), jax.nn.one_hot(1, 2)
    for step in range(total):
        model = anneal(model, step, total)
        model, loss = make_step(model, x, target)
    return model


model = train(Policy(eqx.nn.Linear(3, 2, key=jax.random.PRNGKey(0)), jnp.float32(1.0)))
