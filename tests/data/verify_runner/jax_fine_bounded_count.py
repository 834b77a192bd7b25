# framework: JAX
# verify: c.jax['step'] <= 1
# verify: "done" in c.out
"""The fine look-alike: a traced function's count read and bounded, an import named `jax`
beside the runner's `c.jax`, and the printed output read as `c.out`."""
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    return x + 1


for _ in range(3):
    step(jnp.ones(3))
print("done")
