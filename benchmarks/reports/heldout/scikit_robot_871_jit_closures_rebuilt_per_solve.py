# source: https://github.com/iory/scikit-robot/issues/871
# framework: JAX
# Written from the description (the solver reduced to its structure):
# `AugmentedLagrangianSolver` "rebuilds and recompiles its cost functions on every solve()":
# `_build_functions` closes over `fk_data` and "returns freshly jax.jit-wrapped closures", and
# `jax.jit` keys on function identity, so every solve compiles from scratch; the instance-level
# `_jit_cache` never hits for "callers that build a solver per solve". The kinematics are a
# stand-in (a chain of planar joints); 20 inner iterations per solve, 10 solves.
# verify: c.jax['cost'] >= 8
import jax
import jax.numpy as jnp


class AugmentedLagrangianSolver:
    def __init__(self, inner_iterations=20, step_size=0.1):
        self.inner_iterations = inner_iterations
        self.step_size = step_size
        self._jit_cache = {}

    def _build_functions(self, fk_data, target):
        link_lengths = fk_data["link_lengths"]

        def cost(q):
            angles = jnp.cumsum(q)
            tip = jnp.stack([jnp.sum(link_lengths * jnp.cos(angles)),
                             jnp.sum(link_lengths * jnp.sin(angles))])
            return jnp.sum((tip - target) ** 2)

        return jax.jit(cost), jax.jit(jax.grad(cost))  # label[a]

    def solve(self, fk_data, target, q0):
        cost_fn, grad_fn = self._build_functions(fk_data, target)  # label[a]
        q = q0
        for _ in range(self.inner_iterations):
            q = q - self.step_size * grad_fn(q)  # label[a]: ACC5
        return q, cost_fn(q)


fk_data = {"link_lengths": jnp.array([1.0, 0.8, 0.5])}
num_solves = 10
for i in range(num_solves):
    solver = AugmentedLagrangianSolver()
    q, c = solver.solve(fk_data, jnp.array([1.0, 0.5 + 0.05 * i]), jnp.zeros(3))
