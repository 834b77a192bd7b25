# source: https://github.com/pyro-ppl/numpyro/pull/479
# framework: JAX
# With `progress_bar=False`, numpyro's `MCMC.run` collected samples through
# `fori_collect(..., progbar=False)`, which defined `_body_fn` anew on every call and handed it
# to `lax.fori_loop` (run outside any `jit`); `MCMC.run` also passed a new
# `transform=lambda x: collect_fn(x[0])` each time. So every `run` traced and compiled the
# sampling loop again, even on the same MCMC object. The pull request ("Cache compilation when
# progbar=False", fixing #467) caches `_body_fn` by `(body_fun, transform)` and the transform
# by its fields. The module holds `fori_collect` and the run loop as they were before the fix
# (commit 947d6984^), reduced: `ops.index_update` is `.at[].set`, `ravel_pytree` is from
# `jax.flatten_util`, the sampler is a Gaussian random-walk Metropolis kernel, and the caller
# runs the same MCMC object for several batches of samples (`num_runs`, 10 in the run);
# `lax.fori_loop` with constant bounds lowers to a `scan`, which the compile log counts.
# verify: c.jax['scan'] >= 8
from operator import attrgetter

import jax.numpy as np
from jax import jit, lax, random, vmap
from jax.flatten_util import ravel_pytree
from collections import namedtuple

RWState = namedtuple('RWState', ['z', 'log_prob', 'rng_key'])


def identity(x):
    return x


def fori_loop(lower, upper, body_fun, init_val):
    return lax.fori_loop(lower, upper, body_fun, init_val)


def fori_collect(lower, upper, body_fun, init_val, transform=identity,
                 progbar=True, return_init_state=False, **progbar_opts):
    assert lower <= upper
    init_val_flat, unravel_fn = ravel_pytree(transform(init_val))
    ravel_fn = lambda x: ravel_pytree(transform(x))[0]  # noqa: E731
    if not progbar:
        collection = np.zeros((upper - lower,) + init_val_flat.shape)

        def _body_fn(i, vals):  # label[a]
            val, collection, start_state = vals
            val = jit(body_fun)(val)
            start_state = lax.cond(i < lower,
                                   lambda x: val, lambda x: x,
                                   start_state)
            i = np.where(i >= lower, i - lower, 0)
            collection = collection.at[i].set(ravel_fn(val))
            return val, collection, start_state

        _, collection, start_state = fori_loop(0, upper, _body_fn, (init_val, collection, init_val))  # label[a]: ACC5
    unravel_collection = vmap(unravel_fn)(collection)
    return (unravel_collection, start_state) if return_init_state else unravel_collection


def log_density(z):
    return -0.5 * np.sum(z ** 2)


def sample_kernel(state):
    (state,) = state
    rng_key, key_proposal, key_accept = random.split(state.rng_key, 3)
    proposal = state.z + 0.5 * random.normal(key_proposal, state.z.shape)
    proposal_log_prob = log_density(proposal)
    accept = np.log(random.uniform(key_accept)) < proposal_log_prob - state.log_prob
    z = np.where(accept, proposal, state.z)
    log_prob = np.where(accept, proposal_log_prob, state.log_prob)
    return (RWState(z, log_prob, rng_key),)


class MCMC(object):
    def __init__(self, num_warmup, num_samples, progress_bar=True):
        self.num_warmup = num_warmup
        self.num_samples = num_samples
        self.progress_bar = progress_bar

    def run(self, rng_key, init_params, collect_fields=('z',)):
        init_state = RWState(init_params, log_density(init_params), rng_key)
        collect_fn = attrgetter(*collect_fields)
        lower = self.num_warmup
        collect_vals = fori_collect(lower, self.num_warmup + self.num_samples,
                                    sample_kernel,
                                    (init_state,),
                                    transform=lambda x: collect_fn(x[0]),  # noqa: E731  # label[a]
                                    progbar=self.progress_bar,
                                    return_init_state=True)
        self._samples = collect_vals[0]
        return self._samples


mcmc = MCMC(num_warmup=50, num_samples=100, progress_bar=False)
num_runs = 10
rng_key = random.PRNGKey(0)
for run in range(num_runs):
    rng_key, run_key = random.split(rng_key)
    samples = mcmc.run(run_key, np.zeros(2))  # label[a]
