# source: https://github.com/google/flax/issues/1495
# framework: JAX
# label: none
# The user writes a `train_step` "generic over the actual network executed" and passes the
# model to it as a static argument of `jax.jit`: it worked with `nn.Dense` but failed with
# `nn.Embed`, which could not be hashed (flax 0.3.4). Today a linen `Embed` hashes like any
# module dataclass (checked: `hash(nn.Embed(10, 4))`), so the same model object keys one cache
# entry and the loop compiles `train_step` once: a fine look-alike of an unhashable static
# argument. Written from the thread's description (the Colab is not stored): an `Embed`
# followed by a `Dense` head, optax's SGD, a loop of `num_steps` steps over one batch.
# verify: c.jax['train_step'] == 1
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax


class Classifier(nn.Module):
    num_embeddings: int
    features: int

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.num_embeddings, self.features)(tokens)
        return nn.Dense(2)(x.mean(axis=1))


@partial(jax.jit, static_argnums=(3, 4))
def train_step(params, opt_state, batch, model, optimizer):
    def loss_fn(params):
        logits = model.apply({'params': params}, batch['tokens'])
        return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


model = Classifier(num_embeddings=100, features=16)
optimizer = optax.sgd(0.1)
batch = {'tokens': jnp.arange(32).reshape(4, 8) % 100, 'label': jnp.array([0, 1, 0, 1])}
params = model.init(jax.random.PRNGKey(0), batch['tokens'])['params']
opt_state = optimizer.init(params)
num_steps = 10
for step in range(num_steps):
    params, opt_state, loss = train_step(params, opt_state, batch, model, optimizer)
