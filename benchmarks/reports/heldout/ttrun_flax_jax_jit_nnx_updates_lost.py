# source: https://www.tt.run/en/p/2452754
# framework: JAX
# "Flax debugging: making a hash of things": a tiny LLM's loss stayed at 10.82 (random guessing);
# hashing the parameters showed they never changed between steps. The training step was
# decorated with `@jax.jit` instead of `@nnx.jit`: NNX modules pass through `jax.jit` as
# pytrees, the optimizer's in-place update lands on the traced copies, and nothing carries it
# back to the caller's model, so every step starts from the same parameters. Without jit the
# same step updates the model. A linear model and fixed batch stand in for the LLM.
# verify: len(set(c.losses)) == 1 and e.losses[-1] < e.losses[0]
import jax
import jax.numpy as jnp
import optax
from flax import nnx

model = nnx.Linear(2, 1, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
x = jnp.ones((4, 2))
y = jnp.zeros((4, 1))


@jax.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)  # label: ACC4
    return loss


losses = [float(train_step(model, optimizer, x, y)) for _ in range(3)]
print(losses)
