# source: https://github.com/apax-hub/apax/pull/37
# framework: JAX
# apax's "fixed ase calc not accounting for cell and particle number changes": the ASE
# calculator jitted its energy function once, on the first `calculate`, and the function used the
# box of the atoms it was traced with; later structures with another cell were evaluated with the
# old box (the fix recompiles when the cell changes). Reduced: the calculator stores the current
# box on itself at every `calculate`, and the energy function compiled on the first call reads it.
# verify: not close(c.e2, e.e2)
import jax
import jax.numpy as jnp


class ASECalculator:
    def __init__(self):
        self.model = None
        self.box = None

    def energy(self, positions):
        d = positions[:, None, :] - positions[None, :, :]
        d = d - self.box * jnp.round(d / self.box)  # label[g]: ACC6
        r2 = jnp.sum(d ** 2, -1) + jnp.eye(positions.shape[0])
        return 0.5 * jnp.sum(1.0 / r2 - jnp.eye(positions.shape[0]))

    def calculate(self, positions, cell):
        self.box = jnp.diag(cell)  # label[g]
        if self.model is None:
            self.model = jax.jit(self.energy)
        return self.model(positions)


calc = ASECalculator()
pos = jnp.array([[0.0, 0.0, 0.0], [1.5, 0.0, 0.0], [0.0, 1.5, 0.0]])
e1 = calc.calculate(pos, jnp.eye(3) * 2.0)
e2 = calc.calculate(pos, jnp.eye(3) * 8.0)  # the cell changed
print(e1, e2)
