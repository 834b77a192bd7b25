# source: blind56:jax_metrics_float_fine_1
# framework: JAX
# label: none
# The same logger, but the jitted step returns its metrics and the Trainer logs them after the
# call, where they are concrete arrays: `float()` is fine there.
# verify: c.error is None and close(c.rows, e.rows)
import jax
import jax.numpy as jnp


class MetricLogger:
    def __init__(self):
        self.rows = []

    def log(self, metrics):
        self.rows.append([float(metrics[k]) for k in sorted(metrics)])


class Trainer:
    def __init__(self, logger):
        self.logger = logger
        self.params = jnp.zeros(3)
        self._step = jax.jit(self.step)

    def step(self, params, x, y):
        loss, g = jax.value_and_grad(lambda p: jnp.mean((x @ p - y) ** 2))(params)
        return params - 0.1 * g, {"loss": loss, "grad_norm": jnp.linalg.norm(g)}

    def fit(self, batches):
        for x, y in batches:
            self.params, metrics = self._step(self.params, x, y)
            self.logger.log(metrics)


error = None
logger = MetricLogger()
try:
    Trainer(logger).fit([(jnp.ones((4, 3)), jnp.ones(4))] * 3)
except Exception as exc:
    error = type(exc).__name__
rows = logger.rows
