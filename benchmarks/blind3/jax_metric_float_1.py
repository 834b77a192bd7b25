# source: blind57:jax_metric_float_1
# framework: JAX
# A metrics helper turns the accuracy into a Python float for its running average; the
# jitted eval step calls it, and `float()` of a tracer raises.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp


class RunningMean:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, value):
        self.total += float(value)  # label: ACC3
        self.count += 1
        return value


class Evaluator:
    def __init__(self):
        self.meter = RunningMean()
        self.eval_step = jax.jit(self._eval_step)

    def _eval_step(self, params, x, y):
        acc = jnp.mean((x @ params > 0) == y)
        return self.meter.update(acc)


def evaluate(evaluator, params):
    try:
        for _ in range(3):
            evaluator.eval_step(params, jnp.ones((4, 2)), jnp.ones(4, bool))
    except Exception as exc:
        return type(exc).__name__
    return None


error = evaluate(Evaluator(), jnp.ones(2))
