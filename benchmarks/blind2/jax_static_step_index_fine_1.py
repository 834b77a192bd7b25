# source: blind56:jax_static_step_index_fine_1
# framework: JAX
# label: none
# The same warmup, written with the step as a traced argument and `jnp.where` in place of the
# Python `if`: one trace for every step.
# verify: c.jax['apply_update'] == 1
import jax
import jax.numpy as jnp

HPARAMS = {"lr": 0.1, "warmup": 5}


@jax.jit
def apply_update(params, grads, step):
    scale = jnp.where(step < HPARAMS["warmup"], (step + 1) / HPARAMS["warmup"], 1.0)
    return jax.tree_util.tree_map(lambda p, g: p - HPARAMS["lr"] * scale * g, params, grads)


class Learner:
    def __init__(self):
        self.params = {"w": jnp.ones(3)}
        self.step = 0

    def learn(self, x):
        grads = jax.grad(lambda p: jnp.sum((p["w"] * x) ** 2))(self.params)
        self.params = apply_update(self.params, grads, self.step)
        self.step += 1


learner = Learner()
for x in [jnp.ones(3) * i for i in range(10)]:
    learner.learn(x)
