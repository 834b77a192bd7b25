# source: blind58:acc501_jax_fine_few_lambdas_3
# framework: JAX
# label: none
# An experiment jits one lambda per loss kind, before the training loop, in a dict
# comprehension: the loop only looks the compiled callables up, so each traces once.
# verify: 1 <= c.jax['<lambda>'] <= 2
import jax
import jax.numpy as jnp

LOSSES = {
    "l2": jax.jit(lambda p, y: jnp.mean((p - y) ** 2)),
    "l1": jax.jit(lambda p, y: jnp.mean(jnp.abs(p - y))),
}


def main():
    history = []
    y = jnp.zeros((5,))
    for step in range(20):
        kind = "l2" if step % 2 else "l1"
        history.append(LOSSES[kind](jnp.ones((5,)) * step, y))
    return history


history = main()
