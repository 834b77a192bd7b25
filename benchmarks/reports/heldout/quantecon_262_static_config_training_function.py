# source: https://github.com/QuantEcon/lecture-jax/pull/262
# framework: JAX
# "Optimize JAX JIT compilation strategy in neural network lecture": the helpers `f`,
# `loss_fn`, `update_parameters` lose their own `@jax.jit` (they are inlined into the caller's
# trace) and the training function gets `@partial(jax.jit, static_argnames=['config'])`, with
# the configuration a hashable namedtuple. Called again with the same configuration it reuses
# its compile. Reduced: a one-hidden-layer regression trained three times with one config.
# label: none
# verify: c.jax['train_jax_model'] == 1 and close(c.losses, e.losses)
from collections import namedtuple
from functools import partial

import jax
import jax.numpy as jnp

Config = namedtuple("Config", ["epochs", "learning_rate", "layer_sizes"])
config = Config(epochs=50, learning_rate=0.01, layer_sizes=(1, 8, 1))


def f(θ, x):
    W1, b1, W2, b2 = θ
    return jnp.tanh(x @ W1 + b1) @ W2 + b2


def loss_fn(θ, x, y):
    return jnp.mean((f(θ, x) - y) ** 2)


def update_parameters(θ, x, y, config):
    grads = jax.grad(loss_fn)(θ, x, y)
    return jax.tree.map(lambda p, g: p - config.learning_rate * g, θ, grads)


@partial(jax.jit, static_argnames=['config'])
def train_jax_model(θ, x, y, config):
    def body(_, θ):
        return update_parameters(θ, x, y, config)

    θ = jax.lax.fori_loop(0, config.epochs, body, θ)
    return θ, loss_fn(θ, x, y)


keys = jax.random.split(jax.random.PRNGKey(0), 3)
x = jnp.linspace(-1, 1, 32).reshape(-1, 1)
y = jnp.sin(3 * x)
θ = (jax.random.normal(keys[0], (1, 8)), jnp.zeros(8), jax.random.normal(keys[1], (8, 1)), jnp.zeros(1))
losses = []
for _ in range(3):
    θ, loss = train_jax_model(θ, x, y, config)
    losses.append(loss)
print(losses)
