# source: https://github.com/omron-sinicx/jaxmapp/issues/3
# framework: JAX
# "jax.numpy.nonzero() is very slow in jax>=0.2.26": `TimedRoadmap.generate_from_nontimed_roadmap`
# calls `jnp.nonzero` outside any jit, once per roadmap node, on adjacency rows whose number of
# neighbours differs from node to node; the fix replaces it with NumPy's `argwhere` ("acceptable
# because these two functions are not jit-compiled"). `jnp.nonzero`'s result shape is its
# operand's nonzero count, so each new count compiles the op again. The roadmap code is not in
# the issue: reduced to a loop over the rows of a random adjacency matrix collecting each node's
# neighbours with `jnp.nonzero`.
# verify: c.jax['cumsum'] >= 8 and c.jax['scatter-add'] >= 8 and close(c.degrees, e.degrees)
import jax
import jax.numpy as jnp

key = jax.random.PRNGKey(0)
num_nodes = 16
adjacency = jax.random.uniform(key, (num_nodes, num_nodes)) < jnp.linspace(0.05, 0.95, num_nodes)[:, None]

neighbours = []
degrees = []
for i in range(num_nodes):
    (nbrs,) = jnp.nonzero(adjacency[i])  # label: ACC5
    neighbours.append(nbrs)
    degrees.append(int(nbrs.shape[0]))
print(degrees)
