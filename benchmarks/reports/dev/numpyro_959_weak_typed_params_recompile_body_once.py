# source: https://github.com/pyro-ppl/numpyro/pull/959
# framework: JAX
# label: none
# In the release pull request the maintainers fix "compiling issues in `mcmc` and `svi`":
# `SVI.init` returned parameters with weak types (a `numpyro.param` site given a Python float),
# so the progress-bar loop of `SVI.run`, which calls `jit(body_fn)(svi_state, None)` on every
# step, compiled `body_fn` a second time once the first update had returned strongly typed
# parameters; the fix converts the initial parameters to strong types. A bounded number of extra
# compiles per run, not one per step: `body_fn` is defined once per `run`, and a weak type turns
# strong once.
# A fine look-alike of a step function compiled again inside a training loop. The module holds
# `SVI.run`'s progress-bar loop as it was (commit ecd6255a^), reduced: `tqdm.trange` is a plain
# `range` (tqdm is not installed), the model and guide are one `param` site with a squared-error
# loss, and the optimizer is optax's Adam (numpyro wraps optax today; its own optimizers of the
# time are gone). The run compiles `body_fn` three times in 100 steps: the weak parameter, then
# Adam's weak first moment, become strong, once each.
# verify: c.jax['body_fn'] <= 3 and len(c.result.losses) == 100
from collections import namedtuple

import jax.numpy as jnp
import optax
from jax import grad, jit, random

SVIState = namedtuple('SVIState', ['optim_state', 'rng_key'])
SVIRunResult = namedtuple('SVIRunResult', ['params', 'losses'])


class SVI(object):
    def __init__(self, loss, optim, init_values):
        self.loss = loss
        self.optim = optim
        self.init_values = init_values

    def init(self, rng_key, *args, **kwargs):
        rng_key, model_seed, guide_seed = random.split(rng_key, 3)
        params = {name: jnp.asarray(value) for name, value in self.init_values.items()}
        return SVIState((params, self.optim.init(params)), rng_key)

    def update(self, svi_state, *args, **kwargs):
        rng_key, rng_key_step = random.split(svi_state.rng_key)
        params, opt_state = svi_state.optim_state
        loss_val = self.loss(params, *args, **kwargs)
        grads = grad(self.loss)(params, *args, **kwargs)
        updates, opt_state = self.optim.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        return SVIState((params, opt_state), rng_key), loss_val

    def run(self, rng_key, num_steps, *args, progress_bar=True, **kwargs):
        def body_fn(svi_state, carry):
            svi_state, loss = self.update(svi_state, *args, **kwargs)
            return svi_state, loss

        svi_state = self.init(rng_key, *args, **kwargs)
        if progress_bar:
            losses = []
            for i in range(1, num_steps + 1):
                svi_state, loss = jit(body_fn)(svi_state, None)
                losses.append(loss)
            losses = jnp.stack(losses)
        return SVIRunResult(svi_state.optim_state[0], losses)


def squared_error(params, data):
    return jnp.mean((data - params["loc"]) ** 2)


data = random.normal(random.PRNGKey(1), (50,)) + 2.0
svi = SVI(squared_error, optax.adam(0.05), init_values={"loc": 0.0})
result = svi.run(random.PRNGKey(0), 100, data)
