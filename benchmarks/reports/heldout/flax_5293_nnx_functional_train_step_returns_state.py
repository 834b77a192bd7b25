# source: https://github.com/google/flax/pull/5293
# framework: JAX
# label: none
# Flax's `nnx_basics_tree` guide pull request: a code-review bot flagged the guide's `jax.jit`
# train step as critical - `optimizer.update(model, grads)` "mutates the optimizer and model
# objects in-place; inside jax.jit ... the changes are discarded". The step rebuilds the objects
# from the state it is given with `nnx.merge`, mutates those copies, and returns
# `nnx.state((model, optimizer))`, which the caller writes back with `nnx.update`: nothing is
# lost. Reduced to a linear model fit for 10 steps in that pattern: one compile, and the losses
# fall and equal eager's.
# verify: c.jax['train_step'] == 1 and close(c.losses, e.losses) and c.losses[-1] < c.losses[0]
import jax
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.02), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))
x = jnp.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]])
y = jnp.array([[1.0], [2.0], [0.0]])


@jax.jit
def train_step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)

    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss, nnx.state((model, optimizer))


losses = []
for step in range(10):
    loss, state = train_step(state, x, y)
    losses.append(float(loss))
nnx.update((model, optimizer), state)
print(losses)
