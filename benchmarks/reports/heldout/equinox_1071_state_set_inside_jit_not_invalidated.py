# source: https://github.com/patrick-kidger/equinox/issues/1071
# framework: JAX
# The report's MRE with Equinox's stateful API: `state.set(...)` marks the old State as
# consumed by writing an attribute on it, so reusing it raises. Inside a jitted `__call__` the
# State is a flattened-and-rebuilt copy: the write lands on the copy while tracing, and the
# caller's `state` can be reused silently; eagerly the reuse raises. The report's loop passes the
# same `state` twice; the error is caught.
# verify: c.error is None and e.error is not None
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array


class Counter(eqx.Module):
    index: eqx.nn.StateIndex

    def __init__(self):
        init_state = jnp.array(0)
        self.index = eqx.nn.StateIndex(init_state)

    @jax.jit
    def __call__(self, x: Array, state: eqx.nn.State) -> tuple[Array, eqx.nn.State]:
        value = state.get(self.index)
        new_x = x + value
        new_state = state.set(self.index, value + 1)  # label: ACC4
        return new_x, new_state


counter, state = eqx.nn.make_with_state(Counter)()
x = jnp.array(2.3)

num_calls = 2
error = None
try:
    for i in range(num_calls):
        x, new_state = counter(x, state)  # the same `state` on the second pass
except ValueError as exc:
    error = str(exc)[:200]
print(error)
