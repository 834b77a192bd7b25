# source: blind58:acc601_jax_global_threshold_1
# framework: JAX
# A jitted clipping step reads a module-level clip threshold; a helper rebinds it (`global`)
# after the first epoch. The trace kept the first threshold, so later epochs clip wrongly.
# verify: not close(c.history, e.history)
import jax
import jax.numpy as jnp

CLIP = 1.0


@jax.jit
def clip_grads(g):
    return jnp.clip(g, -CLIP, CLIP)  # label[a]: ACC601


def anneal(epoch):
    global CLIP
    CLIP = 1.0 + epoch  # label[a]


def main():
    history = []
    for epoch in range(4):
        history.append(clip_grads(jnp.array([5.0, -5.0, 0.5])))
        anneal(epoch)
    return history


history = main()
