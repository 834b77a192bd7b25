# source: https://theneuralbase.com/jax/learn/advanced/jit-for-inference-optimization/
# framework: JAX
# "JIT for inference optimization": a 3-layer MLP with `jnp.ones` weights made inside the
# function, wrapped once with `jax.jit` and called in a timing loop with one input shape. The
# weights are constants of the trace (the same on every call), the shape never changes, so the
# function compiles once and the compiled outputs equal the plain ones. The page writes
# `jnp.relu`, which jax.numpy does not have; `jax.nn.relu` here. A fine look-alike of storms.
# label: none
# verify: c.jax['model_pytree'] == 1 and close(c.outputs, e.outputs)
import jax
import jax.numpy as jnp


def model_pytree(x):
    """Simple inference function: 3-layer MLP."""
    w1 = jnp.ones((x.shape[-1], 64))
    x = x @ w1
    x = jnp.sin(x)
    w2 = jnp.ones((64, 32))
    x = x @ w2
    x = jax.nn.relu(x)
    w3 = jnp.ones((32, 10))
    x = x @ w3
    return x


model_jitted = jax.jit(model_pytree)
x = jax.random.normal(jax.random.PRNGKey(0), (8, 16))
outputs = []
for _ in range(10):
    outputs.append(model_jitted(x))
print(outputs[-1].shape)
