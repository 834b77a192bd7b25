# source: blind57:jax_nnx_float_attr_1
# framework: JAX
# A flax.nnx model keeps its softmax temperature as a plain Python float attribute, which
# nnx treats as static graph data; a scheduler writes a new temperature every step, so the
# `nnx.jit` step retraces on every call.
# verify: c.jax['train_step'] >= 8
import jax.numpy as jnp
import optax
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(4, 3, rngs=rngs)
        self.temperature = 1.0

    def __call__(self, x):
        return self.linear(x) / self.temperature  # label[a]


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return optax.softmax_cross_entropy_with_integer_labels(m(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class TemperatureDecay:
    def __call__(self, model, step):
        model.temperature = 1.0 / (1.0 + 0.1 * step)  # label[a]


def main(steps=10):
    model = Classifier(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    decay = TemperatureDecay()
    x, y = jnp.ones((4, 4)), jnp.zeros(4, jnp.int32)
    losses = []
    for step in range(steps):
        decay(model, step)
        losses.append(train_step(model, optimizer, x, y))  # label[a]: ACC5
    return losses


losses = main()
