# source: blind55:jax_growing_shape_1
# framework: JAX
# Greedy decoding: the jitted next-token function gets the prefix sliced to the current length,
# a new shape on every generated token, so every token compiles the model again.
# verify: c.jax['next_token'] >= 8
import jax
import jax.numpy as jnp


@jax.jit
def next_token(emb, tokens):
    h = emb[tokens].mean(axis=0)
    return jnp.argmax(h @ emb.T)


def generate(emb, prompt, max_len):
    tokens = jnp.zeros((max_len,), dtype=jnp.int32).at[0].set(prompt)
    for t in range(1, max_len):
        tok = next_token(emb, tokens[:t])  # label: ACC5
        tokens = tokens.at[t].set(tok)
    return tokens


emb = jax.random.normal(jax.random.PRNGKey(0), (16, 8))
out = generate(emb, 3, 12)
