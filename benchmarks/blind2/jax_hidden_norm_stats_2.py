# source: blind56:jax_hidden_norm_stats_2
# framework: JAX
# A feature normaliser builds its jitted `transform` once and reads the running statistics from
# a dict attribute. `refit` replaces the statistics after the first pass over the data, but the
# compiled transform keeps the statistics it was traced with.
# verify: not close(c.second_pass, e.second_pass)
import jax
import jax.numpy as jnp
import numpy as np


class FeatureNormalizer:
    def __init__(self, dim):
        self.stats = {"mean": np.zeros(dim, np.float32), "std": np.ones(dim, np.float32)}
        self.transform = jax.jit(self._transform)

    def _transform(self, x):
        return (x - self.stats["mean"]) / self.stats["std"]  # label[a]: ACC6

    def refit(self, batches):
        data = np.concatenate([np.asarray(b) for b in batches])
        self.stats = {"mean": data.mean(0), "std": data.std(0) + 1e-6}  # label[a]


def feature_batches(n=3, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.normal(3.0, 2.0, size=(8, 4)).astype(np.float32) for _ in range(n)]


def run_pass(norm, batches):
    return [norm.transform(jnp.asarray(b)) for b in batches]


norm = FeatureNormalizer(4)
data = feature_batches()
first_pass = run_pass(norm, data)
norm.refit(data)
second_pass = run_pass(norm, data)
