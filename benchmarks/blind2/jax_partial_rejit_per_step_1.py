# source: blind56:jax_partial_rejit_per_step_1
# framework: JAX
# A helper binds the loss configuration with functools.partial and jits the partial on every
# call (the author meant "compile once, it's cached"). Each call jits a new partial object,
# and JAX traces each new callable again.
# verify: c.jax['contrastive_loss'] >= 8
import functools

import jax
import jax.numpy as jnp

LOSS_CFG = {"temperature": 0.1}


def contrastive_loss(z1, z2, temperature):
    logits = z1 @ z2.T / temperature
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(z1.shape[0]), jnp.arange(z1.shape[0])])


def compute_loss(z1, z2, cfg):
    loss_fn = jax.jit(functools.partial(contrastive_loss, temperature=cfg["temperature"]))
    return loss_fn(z1, z2)  # label[a]: ACC5


def embeddings(n, seed=0):
    key = jax.random.PRNGKey(seed)
    for _ in range(n):
        key, a, b = jax.random.split(key, 3)
        yield jax.random.normal(a, (4, 3)), jax.random.normal(b, (4, 3))


losses = [compute_loss(z1, z2, LOSS_CFG) for z1, z2 in embeddings(10)]  # label[a]
