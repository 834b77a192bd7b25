# source: https://github.com/google/flax/issues/4695
# framework: JAX
# The user's `Algorithm` builds a `jax.jit` closure in `__init__` that takes the gradient of
# `self.model` and calls `self.optimizer.update(...)`: the update mutates NNX objects that live
# outside the trace, so their state is set to tracers (a leaked-tracer error when the state is
# saved). flax >= 0.10.5 refuses it while tracing (flax 0.12 already at the `nnx.grad` of the
# outside model: "Cannot extract graph node from different trace level"); the fix is `nnx.jit`
# with the optimizer as an argument. Eagerly the same update runs. flax 0.12's `update` also takes the
# model, and `nnx.Optimizer` its `wrt`; the model and the loss are stand-ins.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Algorithm:
    def __init__(self, model, lr):
        self.model = model
        self.tx = optax.adamw(lr)
        self.optimizer = nnx.Optimizer(model, self.tx, wrt=nnx.Param)

        @jax.jit
        def update(key, data):
            def loss_fn(model):
                return jnp.mean((model(data) - 1.0) ** 2)
            grad = nnx.grad(loss_fn)(self.model)  # label[a]
            self.optimizer.update(self.model, grad)  # label[a]: ACC4

        self.update = update


algo = Algorithm(nnx.Linear(3, 1, rngs=nnx.Rngs(0)), lr=1e-2)
error = None
try:
    algo.update(jax.random.key(0), jnp.ones((4, 3)))
    state = nnx.state(algo.model)
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
