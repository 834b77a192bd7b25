# source: https://github.com/pnkraemer/probdiffeq/pull/813
# framework: JAX
# "Fix a tracer conversion issue": "If output_scale is a traced array, `output_scale or ...`
# doesn't work. This PR fixes this." The pull request's diff is not stored; reduced to the idiom
# it names: a solver initialisation that defaults a missing `output_scale` with `or`, called
# from a jitted solve with the scale as an argument. `or` asks for the truth value of the traced
# array, so tracing raises TracerBoolConversionError; the eager run (a concrete array) works.
# verify: c.raised and not e.raised
import jax
import jax.numpy as jnp


def init_state(u0, output_scale=None):
    output_scale = output_scale or jnp.ones(())  # label: ACC2
    return {"u": u0, "output_scale": output_scale}


@jax.jit
def solve(u0, output_scale):
    state = init_state(u0, output_scale)
    return state["u"] * state["output_scale"]


try:
    result = solve(jnp.ones(3), jnp.array(2.0))
    raised = False
except jax.errors.TracerBoolConversionError:
    raised = True
print(raised)
