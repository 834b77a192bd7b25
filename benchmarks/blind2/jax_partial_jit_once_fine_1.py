# source: blind56:jax_partial_jit_once_fine_1
# framework: JAX
# label: none
# The same partial-bound loss, jitted once when the module builds its loss function; the
# helper calls that one callable on every batch: one trace.
# verify: c.jax['contrastive_loss'] == 1
import functools

import jax
import jax.numpy as jnp

LOSS_CFG = {"temperature": 0.1}


def contrastive_loss(z1, z2, temperature):
    logits = z1 @ z2.T / temperature
    return -jnp.mean(jax.nn.log_softmax(logits)[jnp.arange(z1.shape[0]), jnp.arange(z1.shape[0])])


def build_loss(cfg):
    return jax.jit(functools.partial(contrastive_loss, temperature=cfg["temperature"]))


LOSS_FN = build_loss(LOSS_CFG)


def compute_loss(z1, z2):
    return LOSS_FN(z1, z2)


def embeddings(n, seed=0):
    key = jax.random.PRNGKey(seed)
    for _ in range(n):
        key, a, b = jax.random.split(key, 3)
        yield jax.random.normal(a, (4, 3)), jax.random.normal(b, (4, 3))


losses = [compute_loss(z1, z2) for z1, z2 in embeddings(10)]
