# source: blind58:acc503_jax_vmap_batches_5
# framework: JAX
# Evaluation splits a dataset into batches of increasing size taken from a schedule
# generator; each batch size is a new shape for the jitted, vmapped scorer.
# verify: c.jax['score'] >= 8
import jax
import jax.numpy as jnp


def score(x):
    return jnp.dot(x, x)


batched_score = jax.jit(jax.vmap(score))


def batch_sizes(start):
    size = start
    while True:
        yield size
        size += 3


data = jnp.ones((200, 4))
results = []
offset = 0
for size, _ in zip(batch_sizes(2), range(10)):
    results.append(batched_score(data[offset:offset + size]))  # label: ACC503
    offset += size
