# source: https://github.com/PlasmaControl/DESC/pull/1043
# framework: JAX
# "Every time you call `factorize_linear_constraints` you get a new `project/recover` function
# which gets compiled each time, since it's a new function each time": the jitted closures are
# defined in the factorization, which runs for each objective built (the pull request makes
# them classes with jitted methods, so the cache is shared). The factorization is reduced to the
# null space of a constraint matrix; the optimiser builds `num_objectives` objectives in turn.
# verify: c.jax['project'] >= 8 and c.jax['recover'] >= 8
import jax
import jax.numpy as jnp
from jax import jit


def factorize_linear_constraints(A, b):
    xp = jnp.linalg.pinv(A) @ b
    Z = jnp.eye(A.shape[1])[:, 1:]
    unfixed_idx = jnp.arange(A.shape[1])

    @jit  # label[p]
    def project(x):
        """Project a full state vector into the reduced optimization vector."""
        x_reduced = Z.T @ ((x - xp)[unfixed_idx])
        return jnp.atleast_1d(jnp.squeeze(x_reduced))

    @jit  # label[r]
    def recover(x_reduced):
        """Recover the full state vector from the reduced optimization vector."""
        dx = Z @ x_reduced
        return jnp.atleast_1d(jnp.squeeze(xp + dx))

    return project, recover


A = jnp.array([[1.0, 0.0, 0.0]])
b = jnp.array([1.0])
x = jnp.ones(3)
num_objectives = 10
for i in range(num_objectives):
    project, recover = factorize_linear_constraints(A, b * i)  # label[p] label[r]
    x = recover(project(x))  # label[p]: ACC5 label[r]: ACC5
