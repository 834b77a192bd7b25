# source: blind57:jax_metric_float_fine_1
# framework: JAX
# label: none
# The jitted eval step returns the accuracy array and the meter's `float()` runs outside,
# in the evaluation loop, on a concrete array.
# verify: c.error is None and close(c.mean, e.mean)
import jax
import jax.numpy as jnp


class RunningMean:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, value):
        self.total += float(value)
        self.count += 1


class Evaluator:
    def __init__(self):
        self.meter = RunningMean()
        self.eval_step = jax.jit(self._eval_step)

    def _eval_step(self, params, x, y):
        return jnp.mean((x @ params > 0) == y)

    def evaluate(self, params):
        for _ in range(3):
            self.meter.update(self.eval_step(params, jnp.ones((4, 2)), jnp.ones(4, bool)))
        return self.meter.total / self.meter.count


def run(params):
    try:
        return Evaluator().evaluate(params), None
    except Exception as exc:
        return None, type(exc).__name__


mean, error = run(jnp.ones(2))
