# source: blind58:acc605_jax_local_dict_2
# framework: JAX
# Inside main(), a jitted local function reads an item of main's local config dict; the
# training loop writes the item (a beta schedule) after each epoch. The trace keeps beta.
# verify: not close(c.losses, e.losses)
import jax
import jax.numpy as jnp


def main(epochs=4):
    cfg = {"beta": 0.0}

    @jax.jit
    def loss(recon, kl):
        return recon + cfg["beta"] * kl  # label[a]: ACC605

    losses = []
    for epoch in range(epochs):
        losses.append(loss(jnp.float32(1.0), jnp.float32(3.0)))
        cfg["beta"] = min(1.0, cfg["beta"] + 0.3)  # label[a]
    return losses


losses = main()
