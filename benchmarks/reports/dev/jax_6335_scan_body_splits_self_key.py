# source: https://github.com/jax-ml/jax/issues/6335
# framework: JAX
# "Modifying self in a scan function": the scanned step does `self.key, sub_key =
# jrandom.split(self.key)` and samples with sub_key. scan traces the body once, so the split of
# the key read at trace time gives one sub-key used for all 100 steps (no stochasticity), and
# self.key is left holding a tracer. Under jax_disable_jit the scan runs step by step in Python
# and the samples differ.
# verify: len(set(c.vals)) == 1 and len(set(e.vals)) > 1
import jax
import jax.numpy as jnp
import jax.random as jrandom
from jax.lax import scan


class Sampler:
    def __init__(self):
        self.key = jrandom.PRNGKey(0)

    def _sample_step(self, prev_val, xs):
        self.key, sub_key = jrandom.split(self.key)  # label: ACC4
        new_val = prev_val + jrandom.normal(sub_key, ())
        return new_val, new_val - prev_val

    def gen_data(self, init_x):
        _, steps = scan(self._sample_step, init_x, None, length=10)
        return steps


s = Sampler()
steps = s.gen_data(jnp.array(0.0))
vals = [round(float(v), 4) for v in steps]
print(vals)
