# source: blind55:jax_bucketed_shape_fine_2
# framework: JAX
# label: none
# Decoding with the prefix padded up to a power-of-two bucket: at most a few shapes (5 here for
# lengths 1..15: 1, 2, 4, 8, 16), so the compiles are bounded by log2 of the maximum.
# verify: c.jax['next_token'] <= 5
import jax
import jax.numpy as jnp


@jax.jit
def next_token(emb, tokens, length):
    mask = (jnp.arange(tokens.shape[0]) < length)[:, None]
    h = (emb[tokens] * mask).sum(axis=0) / length
    return jnp.argmax(h @ emb.T)


def bucket(n):
    size = 1
    while size < n:
        size *= 2
    return size


def generate(emb, prompt, max_len):
    tokens = jnp.zeros((16,), dtype=jnp.int32).at[0].set(prompt)
    for t in range(1, max_len):
        tok = next_token(emb, tokens[: bucket(t)], t)
        tokens = tokens.at[t].set(tok)
    return tokens


emb = jax.random.normal(jax.random.PRNGKey(0), (16, 8))
out = generate(emb, 3, 16)
