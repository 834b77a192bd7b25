# source: https://github.com/awf/functional-transformer/pull/3
# framework: JAX
# label: none
# The pull request merges the training loop's two calls, `loss_batch(cfg, params, data)` and
# `grad_loss_batch(cfg, params, data)`, into one `value_and_grad_loss_batch`, built once in
# `main()` as `jax.jit(jax.value_and_grad(loss_batch, argnums=1), static_argnums=0)`. The
# config is static and the same object on every call, the batches have one shape, so the loop
# compiles the step once: a fine look-alike of a jitted gradient step in a training loop. The
# module holds `main()` as merged (commit b34beb5), reduced: the transformer is an embedding and
# a linear read-out (`cfg` a hashable NamedTuple, as the repository's `ParamsDict` config
# hashes), the TinyShakespeare batches are random tokens, wandb and the sampler are dropped,
# jaxutils' `Adam` is a small class over optax's Adam.
# verify: c.jax['loss_batch'] == 1 and c.steps == 20
import sys
from functools import partial
from itertools import islice
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax
from jax import vmap


class Config(NamedTuple):
    n_tokens: int
    d_model: int


def transformer_init(rnd_key, n_tokens, d_model):
    rnd_key, k1, k2 = jax.random.split(rnd_key, 3)
    cfg = Config(n_tokens, d_model)
    params = {
        "embed": jax.random.normal(k1, (n_tokens, d_model)) * 0.1,
        "out": jax.random.normal(k2, (d_model, n_tokens)) * 0.1,
    }
    return rnd_key, cfg, params


def transformer_loss(cfg, params, x):
    logits = params["embed"][x[:-1]] @ params["out"]
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(x.shape[0] - 1), x[1:]])


def random_batches(rnd_key, n_tokens, seq_len, batch_size):
    while True:
        rnd_key, key = jax.random.split(rnd_key)
        yield jax.random.randint(key, (batch_size, seq_len), 0, n_tokens)


class Adam:
    def __init__(self, params, lr, betas):
        self.tx = optax.adam(lr, b1=betas[0], b2=betas[1])
        self.state = self.tx.init(params)

    def step(self, params, grads):
        updates, self.state = self.tx.update(grads, self.state, params)
        return optax.apply_updates(params, updates)


def main(epochs=2, save=False):
    rnd_key = jax.random.PRNGKey(0)
    rnd_key, cfg, params = transformer_init(rnd_key, n_tokens=65, d_model=32)
    dataset = random_batches(rnd_key, cfg.n_tokens, seq_len=32, batch_size=16)

    @partial(jax.jit, static_argnums=0)
    def loss_batch(cfg, params, seq):
        batched = vmap(transformer_loss, in_axes=(None, None, 0), out_axes=0)
        return jnp.mean(batched(cfg, params, seq))

    value_and_grad_loss_batch_unjit = jax.value_and_grad(loss_batch, argnums=1)
    value_and_grad_loss_batch = jax.jit(value_and_grad_loss_batch_unjit, static_argnums=0)

    optimizer = Adam(params, lr=0.001, betas=(0.9, 0.99))
    steps = 0
    for _epoch in range(epochs):
        # Iterate through batches
        for i, data in enumerate(islice(dataset, sys.maxsize if save else 10)):
            # Get loss and gradients
            loss, grads = value_and_grad_loss_batch(cfg, params, data)
            params = optimizer.step(params, grads)
            steps += 1
    return params, steps


params, steps = main()
