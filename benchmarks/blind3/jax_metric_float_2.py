# source: blind57:jax_metric_float_2
# framework: JAX
# A confusion-matrix helper converts predictions with `np.asarray` to count them in NumPy;
# the jitted evaluation step calls it on tracers, which cannot become NumPy arrays.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as jnp
import numpy as np


def confusion(preds, labels, n_classes=2):
    p, l = np.asarray(preds), np.asarray(labels)  # label: ACC3
    out = np.zeros((n_classes, n_classes))
    np.add.at(out, (l, p), 1)
    return jnp.asarray(out)


class Evaluator:
    def __init__(self, cfg):
        self.cfg = cfg
        self.step = jax.jit(self.eval_step)

    def eval_step(self, w, x, y):
        preds = (x @ w > self.cfg["threshold"]).astype(jnp.int32)
        return confusion(preds, y)


def run(evaluator):
    try:
        evaluator.step(jnp.ones(2), jnp.ones((4, 2)), jnp.ones(4, jnp.int32))
    except Exception as exc:
        return type(exc).__name__
    return None


error = run(Evaluator({"threshold": 0.5}))
