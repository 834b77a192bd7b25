# source: https://github.com/google/dopamine/issues/189
# framework: JAX
# "NoisyNets implementation issues": in dopamine's JAX `NoisyNetwork` "The same rng_key is used
# each time noise is generated meaning that no 'new' noise is generated each time an input is
# passed to the layer"; the issue's test applies the network twice to the same state and gets
# the same output. Reduced to a flax module that keeps `rng_key` as an attribute and draws its
# weight noise from it, applied through a jitted apply as a training loop would: every call
# draws the same noise.
# verify: c.same_noise and e.same_noise
import jax
import jax.numpy as jnp
import numpy as np
from flax import linen as nn


class NoisyNetwork(nn.Module):
    rng_key: jax.Array
    eval_mode: bool = False

    @nn.compact
    def __call__(self, x, features):
        mu_w = self.param("mu_w", nn.initializers.lecun_normal(), (x.shape[-1], features))
        sigma_w = self.param("sigma_w", nn.initializers.constant(0.5), (x.shape[-1], features))
        eps_w = jax.random.normal(self.rng_key, (x.shape[-1], features))  # label: ACC1
        w = mu_w + sigma_w * eps_w
        return x @ w


rng = jax.random.PRNGKey(1)
rng, rng_net_def, rng_net_param = jax.random.split(rng, num=3)
net_def = NoisyNetwork(rng_key=rng_net_def, eval_mode=False)
net_params = net_def.init(rng_net_param, x=np.zeros(10), features=3)
apply = jax.jit(net_def.apply, static_argnames="features")
state = np.random.RandomState(0).random_sample(10)
out1 = apply(net_params, x=state, features=3)
out2 = apply(net_params, x=state, features=3)
same_noise = bool(jnp.allclose(out1, out2))
print(out1, out2)
