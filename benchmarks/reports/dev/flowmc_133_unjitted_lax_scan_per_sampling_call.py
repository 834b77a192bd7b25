# source: https://github.com/kazewong/flowMC/issues/133
# framework: JAX
# Written from the description (no code in the thread): the normalising-flow proposal's
# sampling loop is a `jax.lax.scan` that is not under jit, and its body is a closure the
# proposal defines on each call, so every sampling call traces and compiles the scan again
# ("recompiles every time when sampling, which increase the sampling time drastically").
# The flow is a stand-in; the sampler calls the proposal once per step of `n_steps`.
# verify: c.jax['scan'] >= 8
import jax
import jax.numpy as jnp


class NFProposal:
    def __init__(self, n_flow_sample):
        self.n_flow_sample = n_flow_sample
        self.scale = jnp.ones(2)

    def sample_flow(self, rng_key, position):
        def body(carry, key):  # label[a]
            proposal = carry + self.scale * jax.random.normal(key, carry.shape)
            return proposal, proposal

        keys = jax.random.split(rng_key, self.n_flow_sample)
        _, proposals = jax.lax.scan(body, position, keys)  # label[a]
        return proposals


proposal = NFProposal(n_flow_sample=16)
rng_key = jax.random.key(0)
position = jnp.zeros(2)
n_steps = 10
for step in range(n_steps):
    rng_key, subkey = jax.random.split(rng_key)
    samples = proposal.sample_flow(subkey, position)  # label[a]: ACC5
    position = samples[-1]
