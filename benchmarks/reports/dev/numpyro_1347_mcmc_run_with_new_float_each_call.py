# source: https://github.com/pyro-ppl/numpyro/issues/1347
# framework: JAX
# The user reruns a compiled MCMC in a loop, each time with a new observation drawn by
# `np.random.randn()` (a Python float), and memory grows without bound. Without
# `jit_model_args=True` the MCMC keys its compiled sampler on the model's arguments as values,
# so every new float traces and compiles the sampling loop again (the maintainer's answer:
# pass `jit_model_args=True`, "otherwise we can't prevent memory of jit caches"). The report's
# `while True:` is written `for step in range(num_steps)` (batch 9's loop-length convention).
# verify: c.jax['_fori_collect_loop'] >= 10
import numpy as np
from numpyro import sample
import numpyro.distributions as dist
from jax import random
from numpyro.infer import MCMC, NUTS


def model(y_obs):
    mu = sample('mu', dist.Normal(0., 1.))
    sigma = sample('sigma', dist.HalfCauchy(3.))
    y = sample('y', dist.Normal(mu, sigma), obs=y_obs)

kernel = NUTS(model)
mcmc = MCMC(kernel, num_warmup=1, num_samples=2, progress_bar=False)
mcmc._compile(random.PRNGKey(0), np.zeros((1,)))

num_steps = 10
for step in range(num_steps):
    mcmc.run(random.PRNGKey(0), np.random.randn())  # label: ACC5
