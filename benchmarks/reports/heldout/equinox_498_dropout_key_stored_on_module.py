# source: https://github.com/patrick-kidger/equinox/issues/498
# framework: JAX
# The user stores a PRNG key as a module attribute so that `eqx.nn.Dropout` need not get a `key`
# threaded through every `__call__`: "setting it an attribute re-uses the `key`". patrick-kidger:
# "That's probably not what you want. It means you'll get the exact same dropout mask every
# time." A module holding its key, called through `eqx.filter_jit` on three training steps: the
# same mask on every step. The user's pattern on a two-layer module.
# verify: c.same_mask
import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout
    key: jax.Array

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.linear = eqx.nn.Linear(8, 8, key=k1)
        self.dropout = eqx.nn.Dropout(0.5)
        self.key = k2

    def __call__(self, x):
        return self.dropout(self.linear(x), key=self.key)  # label: ACC1


@eqx.filter_jit
def forward(model, x):
    return model(x)


model = Block(jax.random.PRNGKey(0))
x = jnp.ones(8)
masks = [forward(model, x) != 0 for _ in range(3)]
same_mask = bool(jnp.all(masks[0] == masks[1]) and jnp.all(masks[1] == masks[2]))
print(same_mask)
