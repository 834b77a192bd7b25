# source: blind56:jax_vmap_ensemble_np_init_2
# framework: JAX
# A jitted, vmapped ensemble forward perturbs each member's input with NumPy noise from a
# helper (a cheap "bootstrap"). Under jit the noise is a constant of the trace: every call
# returns the same ensemble output for the same input.
# verify: c.n_distinct == 1 and e.n_distinct == 3
import jax
import jax.numpy as jnp
import numpy as np


def bootstrap_noise(shape, scale=0.1):
    return jnp.asarray(np.random.normal(0.0, scale, size=shape), dtype=jnp.float32)  # label: ACC1


def member_forward(w, x):
    return jnp.tanh((x + bootstrap_noise(x.shape)) @ w)


class Ensemble:
    def __init__(self, n_members=4):
        self.ws = jnp.stack([jnp.eye(3) * (i + 1) for i in range(n_members)])
        self._forward = jax.jit(jax.vmap(member_forward, in_axes=(0, None)))

    def predict(self, x):
        return self._forward(self.ws, x).mean(0)


ens = Ensemble()
outs = [np.asarray(ens.predict(jnp.ones(3))) for _ in range(3)]
n_distinct = len({o.tobytes() for o in outs})
