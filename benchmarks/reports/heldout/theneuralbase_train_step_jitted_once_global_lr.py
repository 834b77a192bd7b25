# source: https://theneuralbase.com/jax/learn/intermediate/jit-compiled-train-step/
# framework: JAX
# label: none
# The lesson's training step reads the global learning rate `lr` and is jitted once,
# `compiled_train_step = jax.jit(train_step)`, before the loop; the loop calls it with the same
# shapes, and `lr` is never rebound: one trace, and the same parameters as the eager twin. A
# fine look-alike of a jitted step reading a global. The page's code as written; the stored copy
# is cut after the loop's first lines, so the loss print that follows is left out.
# verify: c.jax['train_step'] == 1 and close(c.params, e.params)
import jax
import jax.numpy as jnp
from jax import grad

key = jax.random.PRNGKey(0)
X = jax.random.normal(key, (100, 10))
y = jax.random.normal(key, (100, 1))


def loss_fn(params, X, y):
    pred = jnp.dot(X, params)
    return jnp.mean((pred - y) ** 2)


def grad_fn(params, X, y):
    return grad(loss_fn)(params, X, y)


params = jax.random.normal(key, (10, 1))
lr = 0.01


def train_step(params, X, y):
    g = grad_fn(params, X, y)
    return params - lr * g


compiled_train_step = jax.jit(train_step)
for step in range(3):
    params = compiled_train_step(params, X, y)
