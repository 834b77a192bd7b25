# source: blind58:acc602_jax_numpy_mask_3
# framework: JAX
# A pruning helper writes a module-level NumPy mask in place (np.copyto) after each round;
# the jitted forward read the mask as a constant when it was traced and keeps the old one.
# verify: not close(c.outs, e.outs)
import jax
import jax.numpy as jnp
import numpy as np

MASK = np.ones(4, dtype=np.float32)


@jax.jit
def forward(w, x):
    return jnp.dot(w * MASK, x)  # label[a]: ACC602


class Pruner:
    def prune(self, w, keep):
        order = np.argsort(np.abs(np.asarray(w)))
        new = np.zeros_like(MASK)
        new[order[-keep:]] = 1.0
        np.copyto(MASK, new)  # label[a]


w, x, pruner = jnp.array([0.1, 0.4, 0.2, 0.3]), jnp.ones(4), Pruner()
outs = []
for keep in (4, 3, 2, 1):
    pruner.prune(w, keep)
    outs.append(forward(w, x))
