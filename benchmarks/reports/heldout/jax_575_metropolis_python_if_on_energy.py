# source: https://github.com/jax-ml/jax/issues/575
# framework: JAX
# "TypeError: Abstract value passed to `bool`": a Metropolis-Hastings sampler for a pairwise model
# is jitted; its Python `if dE < 0:` and `if rand < np.exp(-dE):` ask for the truth value of traced
# values, so tracing fails (TracerBoolConversionError today). The user's code with `index_update`
# (removed from JAX) written as `.at[i].set`, the list summed by `np.sum` wrapped in `np.array`
# (JAX no longer sums a Python list), `n_samps` cut from 100 to 3 and `N` from 10 to 4.
# The eager run (disable_jit) samples.
# verify: c.raised and not e.raised
import itertools as it
from functools import partial

import jax
import jax.numpy as np
from jax import jit, random

N = 4

marg_1 = lambda i, x: x[i]
marg_2 = lambda i, j, x: x[i] * x[j]

marg_1s = [jit(partial(marg_1, i)) for i in range(N)]
marg_2s = [jit(partial(marg_2, i, j)) for i, j in list(it.combinations(range(N), r=2))]
funcs = marg_1s + marg_2s


@jit
def calc_e(factors, word):
    return np.sum(np.array([factor * func(word) for factor, func in zip(factors, funcs)]))


@jit
def sample(factors, N=4, seed=0, n_samps=3):
    key = random.PRNGKey(seed)
    key, subkey = random.split(key)

    state = random.randint(subkey, minval=0, maxval=2, shape=(N,))
    all_states = []

    for _ in range(n_samps):
        all_states.append(state)
        for i in range(N):
            # flip sign
            state_flipped = state.at[i].set(1 - state[i])
            # calc energy difference
            dE = calc_e(factors, state_flipped) - calc_e(factors, state)
            if dE < 0:  # label: ACC2
                state = state_flipped
            else:
                key, subkey = random.split(key)
                rand = random.uniform(subkey, shape=(1,))
                if rand < np.exp(-dE):  # label: ACC2
                    state = state_flipped
    return all_states


try:
    states = sample(np.ones(len(funcs)))
    raised = False
except jax.errors.TracerBoolConversionError:
    raised = True
print(raised)
