# source: blind58:acc501_jax_lambda_per_batch_1
# framework: JAX
# A training helper jits a fresh lambda for every batch: each lambda is a new function
# object, so every call misses jax.jit's cache and traces again.
# verify: c.jax['<lambda>'] >= 8
import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.mean((x @ w) ** 2)


def train_step(w, x, lr):
    grad = jax.jit(lambda w, x: jax.grad(loss)(w, x))  # label[a]: ACC501
    return w - lr * grad(w, x)  # label[a]


def main():
    w = jnp.ones((3,))
    for i in range(10):
        x = jnp.full((4, 3), float(i))
        w = train_step(w, x, 0.01)
    return w


w_final = main()
