# source: https://github.com/NVIDIA/nvalchemi-toolkit-ops/pull/160
# framework: JAX
# nvalchemi's JAX neighbor-list example: "This specialization closes over cell, pbc, cutoff, and
# matching shift metadata. Recompute the metadata and create another specialization if any of
# them changes." Reduced: a jitted neighbor count that closes over the simulation cell; the cell
# is rescaled (a barostat step) and the same compiled function is called again, still using the
# cell it was traced with.
# verify: not close(c.after, e.after)
import jax
import jax.numpy as jnp

cutoff = 1.2
cell = jnp.eye(3) * 3.0


@jax.jit
def neighbor_count(positions):
    frac = positions @ jnp.linalg.inv(cell)  # label[g]: ACC6
    d = frac[:, None, :] - frac[None, :, :]
    d = d - jnp.round(d)
    r = jnp.linalg.norm(d @ cell, axis=-1)
    return jnp.sum((r < cutoff) & (r > 0), axis=1)


positions = jnp.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]])
before = neighbor_count(positions)
cell = jnp.eye(3) * 2.2  # barostat rescales the box  # label[g]
after = neighbor_count(positions * (2.2 / 3.0))
print(before, after)
