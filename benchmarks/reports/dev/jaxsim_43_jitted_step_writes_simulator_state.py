# source: https://github.com/gbionics/jaxsim/issues/43
# framework: JAX
# "The simulator leaks JAX traces": the reporter builds a mutable `JaxSim` simulator, replaces its
# method with `sim.step = jax.jit(sim.step)` and calls it; with the tracer leak checker on the
# call raises UnexpectedTracerError, while "the computation is correct if the methods are not
# jit-compiled". The simulator's step stores the new state on the simulator object. Reduced to
# that pattern (a point mass integrated with semi-implicit Euler instead of the URDF model):
# the jitted bound method writes traced arrays to `self.data` while it is traced, so the object
# keeps tracers, and the later calls run the graph traced from the first state - the position
# stops advancing, where the eager run integrates.
# verify: not close(c.positions, e.positions) and close(c.positions[0], c.positions[-1])
import jax
import jax.numpy as jnp


class JaxSim:
    def __init__(self, step_size):
        self.step_size = step_size
        self.data = {"pos": jnp.array([0.0]), "vel": jnp.array([1.0])}

    def step(self):
        vel = self.data["vel"] - self.step_size * 9.81
        pos = self.data["pos"] + self.step_size * vel
        self.data = {"pos": pos, "vel": vel}  # label: ACC4
        return self.data


sim = JaxSim(step_size=0.001)
# The problem occurs only if we jit-compile the method
sim.step = jax.jit(sim.step)

positions = []
for _ in range(3):
    step_data = sim.step()
    positions.append(float(step_data["pos"][0]))
print(positions)
