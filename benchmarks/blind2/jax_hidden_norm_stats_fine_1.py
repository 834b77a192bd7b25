# source: blind56:jax_hidden_norm_stats_fine_1
# framework: JAX
# label: none
# The same normaliser, but `transform` takes the statistics as an argument (a pytree of
# arrays), so refitting them reaches the compiled code without a new trace.
# verify: close(c.second_pass, e.second_pass) and c.jax['_transform'] == 1
import jax
import jax.numpy as jnp
import numpy as np


class FeatureNormalizer:
    def __init__(self, dim):
        self.stats = {"mean": np.zeros(dim, np.float32), "std": np.ones(dim, np.float32)}
        self._jitted = jax.jit(self._transform)

    @staticmethod
    def _transform(x, stats):
        return (x - stats["mean"]) / stats["std"]

    def transform(self, x):
        return self._jitted(x, self.stats)

    def refit(self, batches):
        data = np.concatenate([np.asarray(b) for b in batches])
        self.stats = {"mean": data.mean(0), "std": data.std(0) + 1e-6}


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
