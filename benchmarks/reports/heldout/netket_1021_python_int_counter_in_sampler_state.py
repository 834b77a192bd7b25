# source: https://github.com/netket/netket/pull/1021
# framework: JAX
# label: none
# "Type stable MCSamplerState": the sampler state's counters `n_steps_proc: int = 0` and
# `n_accepted_proc: int = 0` start as Python ints and come back as arrays from the jitted sampling
# step, which "reduces in some case recompilation"; a reviewer: initialising them as arrays
# "should ensure they are not converted to weakly typed arrays". Reduced to a flax struct state
# with those two int fields and a jitted Metropolis-style step that advances them (netket's rule
# and machine left out): the first step sees Python ints, the later ones int32 arrays - two
# compiles for ten steps, bounded, the same counts as eager.
# verify: c.jax['sample_next'] == 2 and close(c.counts, e.counts)
import jax
import jax.numpy as jnp
from flax import struct


@struct.dataclass
class MetropolisSamplerState:
    σ: jax.Array
    rng: jax.Array
    n_steps_proc: int = 0
    n_accepted_proc: int = 0


@jax.jit
def sample_next(state):
    key, sub = jax.random.split(state.rng)
    proposal = -state.σ
    accept = jax.random.uniform(sub, state.σ.shape[:1]) < 0.5
    σ = jnp.where(accept[:, None], proposal, state.σ)
    return state.replace(
        σ=σ,
        rng=key,
        n_steps_proc=state.n_steps_proc + accept.size,
        n_accepted_proc=state.n_accepted_proc + accept.sum(),
    )


state = MetropolisSamplerState(σ=jnp.ones((4, 3)), rng=jax.random.PRNGKey(0))
counts = []
for _ in range(10):
    state = sample_next(state)
    counts.append((int(state.n_steps_proc), int(state.n_accepted_proc)))
print(counts)
