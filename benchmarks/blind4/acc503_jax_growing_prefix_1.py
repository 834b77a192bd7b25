# source: blind58:acc503_jax_growing_prefix_1
# framework: JAX
# An autoregressive decoder feeds the jitted model the whole prefix generated so far: the
# prefix is one token longer on every pass, so each pass is a new shape and a new trace.
# verify: c.jax['decode_step'] >= 8
import jax
import jax.numpy as jnp


@jax.jit
def decode_step(tokens):
    return jnp.sum(tokens) % 7


def generate(n):
    tokens = jnp.array([1])
    for _ in range(n):
        nxt = decode_step(tokens)  # label: ACC503
        tokens = jnp.concatenate([tokens, nxt[None]])
    return tokens


tokens = generate(12)
