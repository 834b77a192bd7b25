# source: blind55:jax_nnx_int_attr_1
# framework: JAX
# A flax nnx model counts its calls in a plain Python int attribute; nnx.jit treats it as part of
# the graph definition, so the changed count recompiles the train step on every step.
# verify: c.train_step._cache_size() >= 8 if hasattr(c.train_step, '_cache_size') else c.jax['train_step'] >= 8
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 2, rngs=rngs)
        self.calls = 0

    def __call__(self, x):
        self.calls += 1  # label[a]
        return self.linear(x)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


model = MLP(nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
x, y = jnp.ones((4, 3)), jnp.zeros((4, 2))
for step in range(10):
    loss = train_step(model, optimizer, x, y)  # label[a]: ACC5
