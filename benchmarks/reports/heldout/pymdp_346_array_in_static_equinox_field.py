# source: https://github.com/infer-actively/pymdp/issues/346
# framework: JAX
# pymdp's "Static JAX arrays in Equinox static=True fields can break `eqx.filter_jit` / cause
# recompilation errors": the Agent keeps policy tables as JAX arrays in `eqx.field(static=True)`
# fields; static fields are part of the compiled function's cache key, and a JAX array is
# compared by identity there, so each newly constructed agent is a new key (the fix keeps the
# tables as tuples and materializes them on access). Reduced: agents rebuilt in a loop, as
# repeated agent construction does. Run (equinox 0.13.8, jax 0.10.2): the second agent's cache
# lookup compares the static fields and raises ("arrays cannot be passed as metadata fields");
# without jit the loop runs.
# verify: c.error is not None and e.error is None
import equinox as eqx
import jax
import jax.numpy as jnp

traces = 0


class Agent(eqx.Module):
    A: jax.Array
    policies: jax.Array = eqx.field(static=True)


@eqx.filter_jit
def infer(agent, obs):
    global traces
    traces += 1
    return agent.A @ obs + agent.policies.sum()


obs = jnp.ones(3)
error = None
try:
    for i in range(6):
        agent = Agent(A=jnp.eye(3), policies=jnp.arange(4.0))
        out = infer(agent, obs)  # label: ACC5
except Exception as exc:
    error = type(exc).__name__
print(traces, error)
