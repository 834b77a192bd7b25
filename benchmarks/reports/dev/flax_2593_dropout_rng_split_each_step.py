# source: https://github.com/google/flax/pull/2593
# framework: JAX
# Flax's sharp bits on dropout and randomness: a jitted train step takes a dropout key, and the
# loop splits a fresh key from the root key before every step, so every step draws a new mask.
# Fine: the key is an argument of the compiled step, not a value frozen at trace time.
# label: none
# verify: c.jax['train_step'] == 1 and len(set(c.masks)) == 3
import jax
import jax.numpy as jnp
import flax.linen as nn


class MyModel(nn.Module):
    num_neurons: int

    @nn.compact
    def __call__(self, x, training: bool):
        x = nn.Dense(self.num_neurons)(x)
        x = nn.Dropout(rate=0.5, deterministic=not training)(x)
        return x


root_key = jax.random.key(seed=0)
main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
model = MyModel(num_neurons=8)
x = jnp.ones((1, 4))
variables = model.init(params_key, x, training=False)
params = variables["params"]


@jax.jit
def train_step(params, x, dropout_key):
    y = model.apply({"params": params}, x, training=True, rngs={"dropout": dropout_key})
    return y


masks = []
for step in range(3):
    dropout_key, step_key = jax.random.split(dropout_key)
    y = train_step(params, x, step_key)
    masks.append(tuple(bool(v) for v in (y[0] == 0)))
print(masks)
