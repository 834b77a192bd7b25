# source: https://github.com/pyro-ppl/numpyro/pull/390
# framework: JAX
# The pull request adds a Pyro-style `SVI.step` to `numpyro.compat` for `pyro.generic`: each
# `step` runs `jit(self.update)(self.svi_state, *args, **kwargs)`. `self.update` is a new
# bound-method object on every access, and `jax.jit` of it has no cache entry, so every step
# of the training loop traces and compiles the update again (the description even estimates
# the per-step overhead "about 1s/10000 steps" as if it were dispatch only). The module holds
# the compat `SVI.step` as merged (commit 25fe0ab2); numpyro's `svi.SVI` base is reduced to a
# class whose `update` is one gradient step on a Gaussian model's negative log-likelihood,
# `init` to zero parameters; the loop is the minipyro-style `for step in range(num_steps)`.
# verify: c.jax['update'] >= 8
import jax.numpy as jnp
from jax import jit, random, value_and_grad


class _SVIBase:
    def __init__(self, model, guide, optim, loss):
        self.model, self.guide, self.optim, self.loss = model, guide, optim, loss

    def init(self, rng, data):
        return {"loc": jnp.zeros(()), "log_scale": jnp.zeros(())}, rng

    def update(self, svi_state, data):
        params, rng = svi_state
        rng, rng_seed = random.split(rng)
        loss_val, grads = value_and_grad(self.loss)(params, data)
        params = {k: params[k] - self.optim * grads[k] for k in params}
        return (params, rng), loss_val


class SVI(_SVIBase):
    def __init__(self, model, guide, optim, loss, loss_and_grads=None, num_samples=10,
                 num_steps=0, **kwargs):
        super(SVI, self).__init__(model=model, guide=guide, optim=optim, loss=loss)
        self.svi_state = None

    def step(self, *args, rng=None, **kwargs):
        if self.svi_state is None:
            if rng is None:
                rng = random.PRNGKey(0)
            self.svi_state = self.init(rng, *args, **kwargs)
        try:
            self.svi_state, loss = jit(self.update)(self.svi_state, *args, **kwargs)  # label[a]: ACC5
        except TypeError as e:
            if 'not a valid JAX type' in str(e):
                raise TypeError('NumPyro backend requires args, kwargs to be arrays or tuples, '
                                'dicts of arrays.')
            else:
                raise e
        return loss


def negative_log_likelihood(params, data):
    scale = jnp.exp(params["log_scale"])
    return jnp.sum(0.5 * ((data - params["loc"]) / scale) ** 2 + params["log_scale"])


data = random.normal(random.PRNGKey(1), (100,)) + 3.0
svi = SVI(model=None, guide=None, optim=1e-3, loss=negative_log_likelihood)
num_steps = 10
for step in range(num_steps):
    loss = svi.step(data)  # label[a]
