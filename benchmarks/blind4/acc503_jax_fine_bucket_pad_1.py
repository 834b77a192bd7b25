# source: blind58:acc503_jax_fine_bucket_pad_1
# framework: JAX
# label: none
# Sequences of growing length are padded up to the next of two bucket sizes before the jitted
# call: at most two shapes, two traces.
# verify: 1 <= c.jax['embed'] <= 2
import jax
import jax.numpy as jnp

BUCKETS = (16, 32)


@jax.jit
def embed(tokens, mask):
    return jnp.sum(tokens * mask)


def pad(seq):
    size = next(b for b in BUCKETS if b >= len(seq))
    tokens = jnp.zeros((size,)).at[: len(seq)].set(jnp.asarray(seq, dtype=jnp.float32))
    mask = jnp.arange(size) < len(seq)
    return tokens, mask


outs = [embed(*pad(list(range(n)))) for n in range(3, 30, 2)]
