# source: blind55:jax_float_in_jit_1
# framework: JAX
# The loss function logs a Python float of the loss for a running average, inside the jitted
# train step: converting a tracer to float raises while tracing.
# verify: c.error == 'ConcretizationTypeError' and e.error is None
import jax
import jax.numpy as jnp


class Meter:
    def __init__(self):
        self.total, self.n = 0.0, 0

    def update(self, v):
        self.total += v
        self.n += 1


meter = Meter()


@jax.jit
def train_step(w, x, y):
    loss = jnp.mean((x @ w - y) ** 2)
    meter.update(float(loss))  # label: ACC3
    return w - 0.1 * jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)


error = None
try:
    w = train_step(jnp.zeros((2,)), jnp.ones((4, 2)), jnp.ones((4,)))
except Exception as exc:
    error = type(exc).__name__
