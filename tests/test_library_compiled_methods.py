"""A library object's compiled method keyed per instance: a call given a new key component on
every pass compiles on every pass.

Property (ACC502): numpyro's `MCMC.run(rng_key, *args, **kwargs)` compiles its sampler once per
cache key the instance keeps (numpyro/infer/mcmc.py `_get_cached_fns`: the model's arguments,
Python values by value, arrays by identity), unless the instance was made with
`jit_model_args=True`, which passes them traced; so a model argument new on every pass of a loop
compiles the sampler on every pass, as a static argument of a jitted function does. The key is
library data (acclint/frameworks/libraries/numpyro.toml). The rng key and `extra_fields` are not
in it. Written for numpyro#1347 (dev report numpyro_1347).
Run (numpyro 0.22.0, jax 0.10.2, 6 calls; entries in the instance's `_cache`, each holding a
compiled sampler, and runs of the model's body): the report's `np.random.randn()` 6 entries, 18
model runs; a keyword `y_obs=float(i)` 6, 18; a new array each call 6, 18; `jit_model_args=True`
with `float(i)` 1, 13; the same value with a new rng key each call 1, 13. (Every call took about
8 s in all five: numpyro 0.22 compiles its collection loop on each `run` whatever the key; the
new key is the cache entry that stays alive, the memory numpyro#1347 sees grow.)
"""

import pytest

from labelled import family_labels_and_findings

HEADER = """
import numpy as np
import jax.numpy as jnp
from jax import random
from numpyro import sample
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS
import numpyro.infer

def model(y_obs):
    mu = sample('mu', dist.Normal(0., 1.))
    sample('y', dist.Normal(mu, 1.), obs=y_obs)
"""

CASES = {
    "a model argument drawn on each pass, at module level (numpyro#1347)": """
mcmc = MCMC(NUTS(model), num_warmup=1, num_samples=2)
for step in range(100):
    mcmc.run(random.PRNGKey(0), np.random.randn())  # expect: ACC502
""",
    "a keyword model argument from the counter, in a function's loop": """
def fit(n):
    sampler = numpyro.infer.MCMC(NUTS(model), num_warmup=10, num_samples=10)
    for i in range(n):
        sampler.run(random.PRNGKey(i), y_obs=float(i))  # expect: ACC502
""",
    "a model argument from the counter in a while loop": """
def fit(n):
    mcmc = MCMC(NUTS(model), num_warmup=10, num_samples=10)
    i = 0
    while i < n:
        mcmc.run(random.PRNGKey(0), 0.1 * i)  # expect: ACC502
        i += 1
""",
    "look-alike: jit_model_args=True passes the model's arguments traced": """
def fit(n):
    mcmc = MCMC(NUTS(model), num_warmup=10, num_samples=10, jit_model_args=True)
    for i in range(n):
        mcmc.run(random.PRNGKey(0), float(i))
""",
    "look-alike: the same model argument, a new rng key each pass": """
def fit(n):
    mcmc = MCMC(NUTS(model), num_warmup=10, num_samples=10)
    for i in range(n):
        mcmc.run(random.PRNGKey(i), 0.5)
""",
}


@pytest.mark.parametrize("body", CASES.values(), ids=CASES.keys())
def test_a_library_objects_compiled_method_given_a_new_key_on_each_pass(body):
    expected, found = family_labels_and_findings(HEADER + body, "ACC5")
    assert found == expected
