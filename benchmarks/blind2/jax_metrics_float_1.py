# source: blind56:jax_metrics_float_1
# framework: JAX
# The Trainer's jitted step reports its metrics through a logger object that turns every value
# into a Python float (for a JSON log). Inside the trace the loss is a tracer: `float()` raises
# a concretization error; eagerly it works.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


class MetricLogger:
    def __init__(self):
        self.rows = []

    def log(self, metrics):
        self.rows.append({k: float(v) for k, v in metrics.items()})  # label: ACC3


class Trainer:
    def __init__(self, logger):
        self.logger = logger
        self.params = jnp.zeros(3)
        self._step = jax.jit(self.step)

    def step(self, params, x, y):
        loss, g = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
        self.logger.log({"loss": loss, "grad_norm": jnp.linalg.norm(g)})
        return params - 0.1 * g

    def fit(self, batches):
        for x, y in batches:
            self.params = self._step(self.params, x, y)


error = None
try:
    Trainer(MetricLogger()).fit([(jnp.ones((4, 3)), jnp.ones(4))] * 3)
except Exception as exc:
    error = type(exc).__name__
