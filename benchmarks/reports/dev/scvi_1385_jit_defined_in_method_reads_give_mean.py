# source: https://github.com/scverse/scvi-tools/pull/1385
# framework: JAX
# Review of "multi particles": `get_latent_representation` defines `@jax.jit def
# _get_val(array_dict)` that reads `give_mean` and `mc_samples` from the method; the reviewer
# warns "if `give_mean` is ever changed and `_get_val` is called with the same `array_dict` it
# will return a cached value". Run: `_get_val` is defined, and jitted, anew on every call of the
# method, so each call traces with its own `give_mean` and the results match the eager method
# (two calls, two compiles, no loop). Fine as written; the stale read would need the jitted
# function kept across calls. The module's encoder is reduced to a mean and a sampled z (the
# sampling key passed in the batch; the first version of this reduction built a constant key in
# the traced encoder, a hazard the report does not have).
# label: none
# verify: close(c.means, e.means) and close(c.samples, e.samples) and c.jax['_get_val'] == 2
import jax
import jax.numpy as jnp


class Model:
    def __init__(self):
        self.w = jnp.array([[1.0, 2.0], [3.0, 4.0]])

    def bound_module(self, array_dict, n_samples=1):
        mean = array_dict["x"] @ self.w
        noise = jax.random.normal(array_dict["key"], (n_samples,) + mean.shape)
        return mean, mean + noise

    def get_latent_representation(self, array_dict, give_mean=True, mc_samples=1):
        @jax.jit
        def _get_val(array_dict):
            mean, z = self.bound_module(array_dict, n_samples=mc_samples)
            if give_mean:
                return mean
            return z.mean(0)

        return _get_val(array_dict)


model = Model()
batch = {"x": jnp.ones((3, 2)), "key": jax.random.PRNGKey(0)}
means = model.get_latent_representation(batch, give_mean=True)
samples = model.get_latent_representation(batch, give_mean=False)
print(means.sum(), samples.sum())
