# source: blind56:jax_linen_rng_fine_1
# framework: JAX
# label: none
# The same noisy block drawing from flax's RNG stream (`self.make_rng('noise')`) and the step
# splitting a fresh key every call: a new draw on every step under jit.
# verify: c.n_distinct == 5
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


def gaussian_noise(key, shape, std):
    return std * jax.random.normal(key, shape)


class NoisyMLP(nn.Module):
    features: int = 2
    noise_std: float = 0.1

    @nn.compact
    def __call__(self, x):
        x = x + gaussian_noise(self.make_rng("noise"), x.shape, self.noise_std)
        return nn.Dense(self.features)(x)


@jax.jit
def forward(params, x, key):
    return NoisyMLP().apply(params, x, rngs={"noise": key})


class TrainState:
    def __init__(self, params, key):
        self.params, self.key = params, key

    def forward(self, x):
        self.key, sub = jax.random.split(self.key)
        return forward(self.params, x, sub)


params = NoisyMLP().init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)},
                         jnp.ones((1, 3)))
state = TrainState(params, jax.random.PRNGKey(2))
outs = [np.asarray(state.forward(jnp.ones((1, 3)))) for _ in range(5)]
n_distinct = len({o.tobytes() for o in outs})
