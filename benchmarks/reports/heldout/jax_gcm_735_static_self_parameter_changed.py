# source: https://github.com/climate-analytics-lab/jax-gcm/issues/735
# framework: JAX
# "Make in-place parameter changes take effect, or fail loudly": `Model._run_from_state` is
# decorated `@partial(jax.jit, static_argnums=(0, ...))`, so "every physics term and its
# parameters are baked into the compiled executable as constants. Changing a parameter in place
# afterwards does not change the model's identity for cache purposes, so JAX reuses the
# existing executable and the new value never reaches the computation" (measured with `trvdi`,
# the vertical-diffusion timescale). Reduced to a model whose jitted run reads a physics term's
# parameter through `self`, run, edited in place, run again: the second run returns the first
# run's temperatures, unlike eager.
# verify: close(c.T1, c.T2) and not close(e.T1, e.T2)
from functools import partial

import jax
import jax.numpy as jnp


class VerticalDiffusion:
    name = "speedy_vertical_diffusion"

    def __init__(self, trvdi):
        self.params = {"trvdi": trvdi}

    def tendency(self, temperature):
        return -temperature / self.params["trvdi"]  # label[p]: ACC6


class Model:
    def __init__(self, terms, time_step):
        self.terms = terms
        self.time_step = time_step

    @partial(jax.jit, static_argnums=(0, 2))
    def _run_from_state(self, temperature, steps):
        for _ in range(steps):
            for term in self.terms:
                temperature = temperature + self.time_step * term.tendency(temperature)
        return temperature

    def run(self, temperature, steps=4):
        return self._run_from_state(temperature, steps)


m = Model(terms=[VerticalDiffusion(trvdi=jnp.array(24.0))], time_step=0.5)
T0 = jnp.array([280.0, 270.0])
T1 = m.run(T0)
term = next(t for t in m.terms if t.name == "speedy_vertical_diffusion")
term.params["trvdi"] = jnp.array(2.0)  # label[p]
T2 = m.run(T0)
print(T1, T2)
