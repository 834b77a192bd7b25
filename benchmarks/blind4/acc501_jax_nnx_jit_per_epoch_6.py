# source: blind58:acc501_jax_nnx_jit_per_epoch_6
# framework: JAX
# An epoch runner applies nnx.jit to its train step every epoch (the step is a local function
# made in the runner), so each epoch's wrapper is a new callable with an empty cache.
# verify: c.jax['train_step'] >= 8
import jax.numpy as jnp
from flax import nnx


class Linear(nnx.Module):
    def __init__(self):
        self.w = nnx.Param(jnp.ones((2, 1)))

    def __call__(self, x):
        return x @ self.w.value


def run_epoch(model, x):
    def train_step(model, x):
        return jnp.mean(model(x) ** 2)

    step = nnx.jit(train_step)
    return step(model, x)  # label: ACC501


model = Linear()
losses = [run_epoch(model, jnp.ones((4, 2)) * e) for e in range(10)]
