# source: https://github.com/PyAutoLabs/PyAutoFit/pull/1638
# framework: JAX
# "compose Fitness._vmap as jit(vmap(call))": `Fitness._vmap` built `jax.vmap(jax.jit(self.call))`,
# "a vmap has no cache of its own, so every call re-entered Python's batching trace", while "the
# executable was already cached on main (the inner pjit's jaxpr and lowering caches key on the
# per-example avals)". Both spellings compute the same batch and neither recompiles per call.
# Reduced: a Gaussian log-likelihood as `call`, both compositions called five times.
# label: none
# verify: c.jax['call'] <= 2 and close(c.before, c.after) and close(c.after, e.after)
import jax
import jax.numpy as jnp


class Fitness:
    def __init__(self, data):
        self.data = data
        self._vmap_before = jax.vmap(jax.jit(self.call))
        self._vmap_after = jax.jit(jax.vmap(self.call))

    def call(self, parameters):
        mean, log_sigma = parameters[0], parameters[1]
        sigma = jnp.exp(log_sigma)
        return -0.5 * jnp.sum(((self.data - mean) / sigma) ** 2) - self.data.size * log_sigma


fitness = Fitness(jnp.linspace(-1.0, 1.0, 50))
batch = jnp.stack([jnp.linspace(-0.5, 0.5, 8), jnp.zeros(8)], axis=1)
for _ in range(5):
    before = fitness._vmap_before(batch)
    after = fitness._vmap_after(batch)
print(after)
