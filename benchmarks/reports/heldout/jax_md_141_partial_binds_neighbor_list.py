# source: https://github.com/jax-md/jax-md/issues/141
# framework: JAX
# jax-md "Neighbor Update issue": the maintainer notes that `energy_fn_nbrs = partial(energy_fn,
# neighbor=nbrs)` "will use the same neighbor list throughout the simulation". The neighbor list
# is bound explicitly by `functools.partial`, as an argument, before jit: the compiled function
# and the eager one both use the bound list (the same numbers), which is the program's choice,
# not a value frozen by tracing. Fine as to trace hazards.
# label: none
# verify: close(c.energies, e.energies)
from functools import partial
import jax
import jax.numpy as jnp


def energy_fn(R, neighbor):
    d = R[:, None, :] - R[neighbor]
    return jnp.sum(jnp.exp(-jnp.sum(d ** 2, -1)))


nbrs = jnp.array([[1, 2], [0, 2], [0, 1]])
energy_fn_nbrs = jax.jit(partial(energy_fn, neighbor=nbrs))
R = jnp.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
energies = []
for step in range(3):
    energies.append(energy_fn_nbrs(R))
    R = R + 0.1
print(energies)
