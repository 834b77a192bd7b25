# source: https://github.com/pyro-ppl/numpyro/pull/2171
# framework: JAX
# `fori_collect(..., progbar=False)`, which `MCMC.run` uses when `progress_bar=False`, caches
# its `_body_fn` (`@cached_by(fori_collect, body_fun, transform)`) but wraps the loop in a
# `loop_fn` closure defined on every call and jitted there (`maybe_jit(loop_fn,
# donate_argnums=0)(collection)`, added by #1802 for buffer donation): "recreating the closure
# defeats cache reuse and triggers full XLA recompilation on every `MCMC.run()`". The pull
# request moves the loop to a module-level `_fori_collect_loop` with the body as a static
# argument. The module holds `fori_collect`'s no-progress-bar path as it was before (commit
# e10f6648^), reduced: thinning is 1, `cond` is `jnp.where`, `cached_by` is a dict keyed by
# `(body_fun, transform)`; the sampler is a Gaussian random-walk Metropolis kernel, and the
# caller draws `num_runs` batches (10 in the run) from the same MCMC object.
# verify: c.jax['loop_fn'] >= 10
from collections import namedtuple
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, lax, random

RWState = namedtuple('RWState', ['z', 'log_prob', 'rng_key'])
_cache = {}


def identity(x):
    return x


def maybe_jit(fn, *args, **kwargs):
    return jit(fn, *args, **kwargs)


def cached_by(outer_fn, *keys):
    def _wrapped(fn):
        hashkeys = (*keys, fn.__name__)
        if hashkeys in _cache:
            return _cache[hashkeys]
        _cache[hashkeys] = fn
        return fn

    return _wrapped


def fori_loop(lower, upper, body_fun, init_val):
    return lax.fori_loop(lower, upper, body_fun, init_val)


def fori_collect(lower, upper, body_fun, init_val, transform=identity, progbar=True,
                 return_last_val=False):
    assert lower <= upper
    collection_size = upper - lower
    init_val_transformed = transform(init_val)
    start_idx = lower

    @partial(maybe_jit, donate_argnums=2)
    @cached_by(fori_collect, body_fun, transform)
    def _body_fn(i, val, collection, start_idx):
        val = body_fun(val)
        idx = i - start_idx

        def update_fn(collect_array, new_val):
            return jnp.where(idx >= 0, collect_array.at[idx].set(new_val), collect_array)

        collection = jax.tree.map(update_fn, collection, transform(val))
        return val, collection, start_idx

    def map_fn(x):
        nx = jnp.asarray(x)
        return jnp.zeros((collection_size, *nx.shape), dtype=nx.dtype) * nx[None, ...]

    collection = jax.tree.map(map_fn, init_val_transformed)

    if not progbar:

        def loop_fn(collection):  # label[a]
            return fori_loop(
                0,
                upper,
                lambda i, vals: _body_fn(i, *vals),
                (init_val, collection, start_idx),
            )

        last_val, collection, _ = maybe_jit(loop_fn, donate_argnums=0)(collection)  # label[a]: ACC5
    return (collection, last_val) if return_last_val else collection


def log_density(z):
    return -0.5 * jnp.sum(z ** 2)


def sample_kernel(state):
    rng_key, key_proposal, key_accept = random.split(state.rng_key, 3)
    proposal = state.z + 0.5 * random.normal(key_proposal, state.z.shape)
    proposal_log_prob = log_density(proposal)
    accept = jnp.log(random.uniform(key_accept)) < proposal_log_prob - state.log_prob
    z = jnp.where(accept, proposal, state.z)
    log_prob = jnp.where(accept, proposal_log_prob, state.log_prob)
    return RWState(z, log_prob, rng_key)


def collect_z(state):
    return state.z


class MCMC:
    def __init__(self, num_warmup, num_samples, progress_bar=True):
        self.num_warmup = num_warmup
        self.num_samples = num_samples
        self.progress_bar = progress_bar

    def run(self, rng_key, init_params):
        init_state = RWState(init_params, log_density(init_params), rng_key)
        self._samples, self._last_state = fori_collect(
            self.num_warmup, self.num_warmup + self.num_samples, sample_kernel, init_state,
            transform=collect_z, progbar=self.progress_bar, return_last_val=True)  # label[a]
        return self._samples


mcmc = MCMC(num_warmup=50, num_samples=100, progress_bar=False)
num_runs = 10
rng_key = random.PRNGKey(0)
for run in range(num_runs):
    rng_key, run_key = random.split(rng_key)
    samples = mcmc.run(run_key, jnp.zeros(2))  # label[a]
