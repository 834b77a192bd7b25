# source: blind55:jax_global_params_2
# framework: JAX
# A global "state" dict holds the EMA weights; the jitted eval function reads state["ema"], and
# the training loop replaces state["ema"] after every step.
# verify: not close(c.scores, e.scores)
import jax
import jax.numpy as jnp

state = {"w": jnp.ones((3,)), "ema": jnp.zeros((3,))}


@jax.jit
def evaluate(x):
    return jnp.sum(x @ state["ema"])  # label[a]: ACC6


def ema_update(decay=0.9):
    state["ema"] = decay * state["ema"] + (1 - decay) * state["w"]  # label[a]


scores = []
for step in range(4):
    ema_update()
    scores.append(float(evaluate(jnp.ones((2, 3)))))
