# source: blind55:jax_nnx_variable_fine_1
# framework: JAX
# label: none
# The same nnx model with the call count kept in an nnx.Variable: state, not graph structure,
# so the train step compiles once.
# verify: c.jax['train_step'] <= 1
import jax.numpy as jnp
import optax
from flax import nnx


class Count(nnx.Variable):
    pass


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 2, rngs=rngs)
        self.calls = Count(jnp.array(0))

    def __call__(self, x):
        self.calls.value += 1
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
    loss = train_step(model, optimizer, x, y)
