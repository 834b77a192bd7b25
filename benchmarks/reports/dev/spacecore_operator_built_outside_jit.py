# source: https://pavlo3p.github.io/SpaceCore/_sources/design/jax_integration.rst.txt
# framework: JAX
# SpaceCore's JIT notes: assemble the operator expression (B.H @ A @ B + 0.01 * I) outside the
# jitted function and pass it in as an argument; building it inside jit only repeats the
# simplification per trace. Reduced with a registered pytree operator standing in for the
# library's: the jitted solve is traced once and two different operators of the same structure
# reuse the trace, and results match the eager run. Fine.
# label: none
# verify: c.jax['solve'] == 1 and close(c.xs, e.xs)
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class DenseOp:
    def __init__(self, mat):
        self.mat = mat

    def __matmul__(self, other):
        return DenseOp(self.mat @ other.mat)

    def __add__(self, other):
        return DenseOp(self.mat + other.mat)

    def __rmul__(self, s):
        return DenseOp(s * self.mat)

    @property
    def H(self):
        return DenseOp(self.mat.T)

    def tree_flatten(self):
        return (self.mat,), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def cg(op, rhs, maxiter=50):
    x = jnp.zeros_like(rhs)
    r = rhs - op.mat @ x
    p = r
    for _ in range(maxiter):
        ap = op.mat @ p
        alpha = (r @ r) / (p @ ap + 1e-30)
        x = x + alpha * p
        r_new = r - alpha * ap
        p = r_new + (r_new @ r_new) / (r @ r + 1e-30) * p
        r = r_new
    return x


@jax.jit
def solve(op, rhs):
    return cg(op, rhs, maxiter=20)


n = 6
rhs = jnp.arange(1.0, n + 1.0)
xs = []
for scale in (1.0, 2.0):
    A = DenseOp(scale * jnp.eye(n) + 0.1 * jnp.ones((n, n)))
    B = DenseOp(jnp.diag(jnp.linspace(1.0, 2.0, n)))
    system = B.H @ A @ B + 0.01 * DenseOp(jnp.eye(n))  # built outside the jit boundary
    xs.append(solve(system, rhs))
print(xs)
