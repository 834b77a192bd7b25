# source: https://github.com/ACEsuit/mace/issues/1590
# framework: JAX
# The ticket: under `jax.jit` "every distinct (n_nodes, n_edges) shape recompiles, so in an MD
# trajectory every neighbor-list rebuild would recompile XLA mid-run"; measured, three raw sizes
# (10, 14, 23 nodes) give three traces and the same graphs padded to one (64, 64) bucket give one,
# with equal energies (the padding edges sit at a length where the cutoff is exactly zero). Here
# a trajectory's frames have a new node count on each pass of the loop (a neighbor-list rebuild
# per frame): raw, the energy function traces for each new size; padded, once. The energy is a
# small pair-sum stand-in with the same cutoff trick.
# verify: c.jax['energy_raw'] >= 6 and c.jax['energy_padded'] == 1 and close(c.raw, c.padded)
import jax
import jax.numpy as jnp
import numpy as np

R_MAX = 5.0


def pair_energy(lengths):
    envelope = (1.0 - (lengths / R_MAX) ** 2) ** 2
    return jnp.sum(envelope * (lengths < R_MAX) / lengths)


@jax.jit
def energy_raw(positions, senders, receivers):
    lengths = jnp.linalg.norm(positions[senders] - positions[receivers], axis=-1)
    return pair_energy(lengths)


@jax.jit
def energy_padded(positions, senders, receivers):
    lengths = jnp.linalg.norm(positions[senders] - positions[receivers], axis=-1)
    return pair_energy(lengths)


def graph(n_nodes, rng):
    positions = rng.random((n_nodes, 3)) * 3.0
    senders, receivers = np.nonzero(~np.eye(n_nodes, dtype=bool))
    return positions, senders, receivers


def pad(positions, senders, receivers, n_nodes=64, n_edges=4096):
    pos = np.zeros((n_nodes, 3))
    pos[: len(positions)] = positions
    pos[-1] = [2 * R_MAX, 0.0, 0.0]
    s = np.full(n_edges, n_nodes - 1)
    r = np.full(n_edges, n_nodes - 2)
    s[: len(senders)], r[: len(receivers)] = senders, receivers
    return pos, s, r


rng = np.random.default_rng(0)
raw, padded = [], []
for n_nodes in [10, 14, 23, 17, 12, 20]:
    positions, senders, receivers = graph(n_nodes, rng)
    raw.append(energy_raw(positions, senders, receivers))  # label: ACC5
    padded.append(energy_padded(*pad(positions, senders, receivers)))
print(raw, padded)
