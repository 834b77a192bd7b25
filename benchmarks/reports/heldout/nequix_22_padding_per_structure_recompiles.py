# source: https://github.com/atomicarchitects/nequix/pull/22
# framework: JAX
# "Better jax padding heuristic": "The existing code simply padded nodes + 1 and edges * 1.1 ...
# This works well for single MD runs/relaxations, but results in lots of `jit`s when running
# high-throughput workflows (e.g. relaxing a database of materials) because it must recompile
# for each new combination of number of nodes/number of edges." The fix pads nodes to a
# multiple of 8 and edges to a multiple of 64. Reduced: a jitted pair energy over arrays padded
# the old way, twelve structures of a database.
# verify: c.jax['energy_fn'] >= 8
import math

import jax
import jax.numpy as jnp
import numpy as np


def energy_fn(positions, senders, receivers, edge_mask):
    d = jnp.linalg.norm(positions[senders] - positions[receivers] + 1e-9, axis=-1)
    return jnp.sum(jnp.where(edge_mask, 1.0 / d**12 - 1.0 / d**6, 0.0))


energy = jax.jit(energy_fn)


def pad(positions, senders, receivers, n_node_pad, n_edge_pad):
    n, e = len(positions), len(senders)
    pos = np.concatenate([positions, np.zeros((n_node_pad - n, 3))])
    s = np.concatenate([senders, np.full(n_edge_pad - e, n_node_pad - 1)])
    r = np.concatenate([receivers, np.full(n_edge_pad - e, n_node_pad - 1)])
    mask = np.arange(n_edge_pad) < e
    return pos, s, r, mask


rng = np.random.RandomState(0)
database = []
for _ in range(12):
    n = rng.randint(4, 40)
    positions = rng.rand(n, 3) * n
    senders, receivers = np.nonzero(np.ones((n, n)) - np.eye(n))
    database.append((positions, senders, receivers))

for positions, senders, receivers in database:
    n, e = len(positions), len(senders)
    energy(*pad(positions, senders, receivers, n + 1, int(math.ceil(e * 1.1))))  # label: ACC5
