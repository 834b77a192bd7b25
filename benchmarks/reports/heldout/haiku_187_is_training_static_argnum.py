# source: https://github.com/google-deepmind/dm-haiku/issues/187
# framework: JAX
# "Jit compiler for is_training arguments": a haiku `Net` applies `hk.dropout` only
# `if is_training:`, and the update function is jitted with `static_argnums=(4,)` for
# `is_training`, as the JAX sharp bits advise. Each value of the flag is one compile, reused;
# training calls drop and evaluation calls do not, as eagerly. (The issue's `f` forgot to pass
# `is_training` to the net; passed here.) Three training losses and one evaluation loss.
# label: none
# verify: c.jax['model_loss'] == 2 and close(c.losses, e.losses)
import functools

import haiku as hk
import jax
import jax.numpy as jnp


class Net(hk.Module):
    def __init__(self, output_size: int = 1):
        super().__init__()
        self._network1 = hk.Sequential([hk.Linear(200), jax.nn.relu])
        self.output = hk.Linear(output_size)

    def __call__(self, x, is_training):
        x = self._network1(x)
        if is_training:
            x = hk.dropout(hk.next_rng_key(), 0.1, x)
        output = self.output(x)
        return output


def f(x, is_training=True):
    net = Net(1)
    return net(x, is_training)


model = hk.transform(f)


@functools.partial(jax.jit, static_argnums=(4,))
def model_loss(params, rng, target, x, is_training):
    pred = model.apply(params, rng, x, is_training)
    return jnp.mean((pred - target) ** 2)


rng = jax.random.PRNGKey(0)
x = jnp.ones((4, 3))
target = jnp.zeros((4, 1))
params = model.init(rng, x, True)
losses = []
for i in range(3):
    losses.append(model_loss(params, jax.random.fold_in(rng, i), target, x, True))
losses.append(model_loss(params, rng, target, x, False))
print(losses)
