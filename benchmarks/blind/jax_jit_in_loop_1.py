# source: blind55:jax_jit_in_loop_1
# framework: JAX
# An evaluation helper wraps a fresh lambda with jax.jit every time it is called; the epoch loop
# calls it every epoch, so every epoch compiles the metric again.
# verify: c.jax['<lambda>'] >= 8
import jax
import jax.numpy as jnp


def loss_fn(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


def evaluate(params, batches):
    metric = jax.jit(lambda p, x, y: loss_fn(p, x, y))  # label[a]
    return sum(float(metric(params, x, y)) for x, y in batches)  # label[a]: ACC5


params = jnp.zeros((3, 1))
batches = [(jnp.ones((8, 3)), jnp.ones((8, 1)))]
history = []
for epoch in range(10):
    params = params + 0.01
    history.append(evaluate(params, batches))  # label[a]
