# source: https://github.com/google/flax/pull/4384
# framework: JAX
# The NNX "Performance Considerations" guide: to avoid `nnx.jit`'s graph traversal on every
# step, call `nnx.split` before the training loop, give a `jax.jit` step the `graphdef` and
# `state` pytrees, `nnx.merge` them inside, and return the new state with `nnx.state` ("split
# and merge will only run once during tracing"); after the loop `nnx.update` puts the state
# back. The step compiles once and the updates come back through the returned state. Fine.
# The guide's loop with a linear model.
# label: none
# verify: c.jax['train_step'] == 1 and c.losses[-1] < c.losses[0] and close(c.losses, e.losses)
import jax
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(2, 3, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))


@jax.jit
def train_step(graphdef, state, x, y):
    model, optimizer = nnx.merge(graphdef, state)

    def loss_fn(model):
        return ((model(x) - y) ** 2).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)  # in-place updates
    state = nnx.state((model, optimizer))
    return loss, state


losses = []
for _ in range(10):
    x, y = jnp.ones((32, 2)), jnp.zeros((32, 3))
    loss, state = train_step(graphdef, state, x, y)
    losses.append(float(loss))
nnx.update((model, optimizer), state)
print(losses)
