# source: https://github.com/tud-phi/soromox/pull/152
# framework: JAX
# "fix(gvs): make GVS.update_params jittable": updating the base pose of a GVS soft-robot model
# inside a `jax.jit`-compiled function (the pose is parametrized by an angle theta being
# optimized) fails with `jax.errors.ConcretizationTypeError` (its subclass TracerBoolConversionError here) in
# `GVSParams.validate_against_structure()`; the fix wraps the check in
# `jax.ensure_compile_time_eval`. Reduced to a params object whose validation tests the new
# pose's values with a Python `if`: under jit the test is a tracer and raises; eagerly the
# update and the potential force evaluate. The error is caught.
# verify: c.error is not None and "TracerBoolConversionError" in c.error and e.error is None
import jax
import jax.numpy as jnp


class GVSParams:
    def __init__(self, base_pose, stiffness):
        self.base_pose = base_pose
        self.stiffness = stiffness

    def validate_against_structure(self):
        if not jnp.all(jnp.isfinite(self.base_pose)):  # label: ACC2
            raise ValueError("base pose must be finite")

    def update_params(self, base_pose):
        new = GVSParams(base_pose, self.stiffness)
        new.validate_against_structure()
        return new


params = GVSParams(jnp.zeros(3), 2.0)


@jax.jit
def potential_force(q, theta):
    new_params = params.update_params(jnp.array([0.0, 0.0, theta]))
    return new_params.stiffness * q + jnp.sin(new_params.base_pose[2])


error = None
try:
    print(potential_force(jnp.ones(2), 0.3))
except Exception as exc:
    error = f"{type(exc).__name__}: {exc}"
print(error)
