# source: https://github.com/oughtinc/ergo/pull/338
# framework: JAX
# ergo fits a histogram distribution to a forecaster's conditions by minimising a loss with
# SciPy. `HistogramDist.from_conditions` defined the loss as a closure over the conditions and
# jitted it, and its gradient, on every call (`loss = jit(loss)`, `jac = jit(grad(loss))`):
# each distribution fitted (one per question, per change of a condition in the notebook)
# traced and compiled both again. The pull request ("Compile loss function computations with
# global jit state") moves them to module-level `static_condition_loss` functions jitted once,
# with the condition's class as a static argument. The module holds `from_conditions` and the
# classes it uses as they were before (commit 5342324^), reduced to `IntervalCondition` on a
# [0, 1] scale (no normalisation); the caller fits one distribution per question of a list
# (10 in the run).
# verify: c.jax['loss'] >= 8
import numpy as onp
import scipy as oscipy
import scipy.optimize
import jax.numpy as np
from jax import grad, jit, nn


class IntervalCondition:
    def __init__(self, p, min=None, max=None, weight=1.0):
        if min is not None and max is not None and max <= min:
            raise ValueError(
                f"max must be strictly greater than min, got max: {max}, min: {min}"
            )
        self.p = p
        self.min = min
        self.max = max
        self.weight = weight

    def actual_p(self, dist) -> float:
        cdf_at_min = dist.cdf(self.min) if self.min is not None else 0
        cdf_at_max = dist.cdf(self.max) if self.max is not None else 1
        return cdf_at_max - cdf_at_min

    def loss(self, dist):
        actual_p = self.actual_p(dist)
        return self.weight * (actual_p - self.p) ** 2

    def normalize(self, scale_min: float, scale_max: float):
        return self


class HistogramDist:
    def __init__(self, logps, scale_min=0, scale_max=1, traceable=False):
        init_numpy = np if traceable else onp
        self.logps = logps
        self.ps = np.exp(logps)
        self.cum_ps = np.array(init_numpy.cumsum(self.ps))
        self.bins = onp.linspace(scale_min, scale_max, logps.size + 1)
        self.size = logps.size
        self.scale_min = scale_min
        self.scale_max = scale_max

    def cdf(self, x):
        return self.cum_ps[self.bins[1:] > x][0]

    @classmethod
    def from_conditions(cls, conditions, scale_min=0, scale_max=1, num_bins=100,
                        verbose=False):
        normalized_conditions = [
            condition.normalize(scale_min, scale_max) for condition in conditions
        ]

        def loss(params):  # label[a]
            dist = cls.from_params(params, traceable=True)
            total_loss = sum(
                condition.loss(dist) for condition in normalized_conditions
            )
            return total_loss * 100

        loss = jit(loss)  # label[a]
        jac = jit(grad(loss))  # label[a]
        normalized_dist = cls.from_loss(loss=loss, jac=jac, num_bins=num_bins)  # label[a]: ACC5
        return normalized_dist

    @classmethod
    def from_loss(cls, loss, jac, num_bins=100):
        x0 = cls.initialize_params(num_bins)
        results = oscipy.optimize.minimize(loss, jac=jac, x0=x0, options={"maxiter": 5})
        return cls.from_params(results.x)

    @classmethod
    def from_params(cls, params, traceable=False):
        logps = nn.log_softmax(params)
        return cls(logps, traceable=traceable)

    @staticmethod
    def initialize_params(num_bins):
        return onp.full(num_bins, -num_bins, dtype=onp.float32)


questions = [(0.5, 0.1 + 0.05 * i, 0.6 + 0.03 * i) for i in range(10)]
dists = []
for p, lower, upper in questions:
    conditions = [IntervalCondition(p=p, min=lower, max=upper)]
    dists.append(HistogramDist.from_conditions(conditions, num_bins=50))  # label[a]
