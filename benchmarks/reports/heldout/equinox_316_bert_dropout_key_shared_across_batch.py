# source: https://github.com/patrick-kidger/equinox/pull/316
# framework: JAX
# "Initialize dropout differently across batch and across sequence in BERT example": the example
# vmaps its encoder over the batch with one dropout key, and its feed-forward block over the
# sequence with `[None] * seq_len` keys or one key, so every example (and position) draws the same
# dropout mask; the pull request splits the key per example and per position. Reduced to the
# example's pattern: a jitted training forward that vmaps a dropout layer over the batch, the one
# key broadcast (`in_axes=None`); every row of the batch gets the same mask.
# verify: c.rows_identical and e.rows_identical
import equinox as eqx
import jax
import jax.numpy as jnp

dropout = eqx.nn.Dropout(p=0.5)


@jax.jit
def forward(batch, key):
    return jax.vmap(lambda x, k: dropout(x, key=k), in_axes=(0, None))(batch, key)  # label: ACC1


batch = jnp.ones((4, 16))
out = forward(batch, jax.random.PRNGKey(0))
rows_identical = bool(jnp.all(out == out[0]))
print(rows_identical)
