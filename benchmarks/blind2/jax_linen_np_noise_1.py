# source: blind56:jax_linen_np_noise_1
# framework: JAX
# A flax.linen block adds Gaussian input noise for regularisation with NumPy's RNG. The train
# step is jitted, so the noise is drawn once while tracing and every step adds the same noise.
# verify: c.n_distinct == 1 and e.n_distinct == 5
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np


def gaussian_noise(shape, std):
    return np.random.normal(0.0, std, size=shape).astype(np.float32)  # label: ACC1


class NoisyMLP(nn.Module):
    features: int = 2
    noise_std: float = 0.1

    @nn.compact
    def __call__(self, x):
        x = x + gaussian_noise(x.shape, self.noise_std)
        return nn.Dense(self.features)(x)


class TrainState:
    def __init__(self, model, params):
        self.model, self.params = model, params

    def forward(self, x):
        return _forward(self.model, self.params, x)


@jax.jit
def _forward_impl(params, x):
    return NoisyMLP().apply(params, x)


def _forward(model, params, x):
    return _forward_impl(params, x)


model = NoisyMLP()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
state = TrainState(model, params)
outs = [np.asarray(state.forward(jnp.ones((1, 3)))) for _ in range(5)]
n_distinct = len({o.tobytes() for o in outs})
