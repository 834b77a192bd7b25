# source: https://github.com/QuantEcon/lecture-jax/pull/253
# framework: JAX
# label: none
# The pull request rewrites the lecture's Optax training function with `jax.lax.fori_loop`;
# the lecture then calls it twice, a "warmup run to trigger JIT compilation" and a timed run.
# `train_jax_optax` is not jitted and defines `train_step` on every call, so the timed run
# traces and compiles the loop again: the warm-up warms nothing. But both calls are written
# out, one each: two compiles, bounded (batch 9's convention for calls written out), a fine
# look-alike of a loop body made per call. The lecture's code as merged (commit e98e55d,
# lectures/jax_nn.md), with `epochs` 400 instead of 4000 and the plots dropped.
# verify: c.jax['scan'] == 2
from time import time
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


class Config(NamedTuple):
    epochs: int = 400              # Number of passes through the data set
    data_size: int = 400           # Sample size
    num_layers: int = 4            # Depth of the network
    output_dim: int = 10           # Output dimension k of input and hidden layers
    learning_rate: float = 0.001   # Learning rate for gradient descent


def generate_data(key, config, x_min=0.0, x_max=5.0):
    x = jnp.linspace(x_min, x_max, num=config.data_size)
    ϵ = 0.2 * jax.random.normal(key, shape=(config.data_size,))
    y = x**0.5 + jnp.sin(x) + ϵ
    x = jnp.reshape(x, (config.data_size, 1))
    y = jnp.reshape(y, (config.data_size, 1))
    return x, y


def initialize_params(key, config):
    k = config.output_dim
    shapes = ((1, k), (k, k), (k, k), (k, 1))

    def w_init(key, m, n):
        return jax.random.normal(key, shape=(m, n)) * jnp.sqrt(2 / m)

    θ = []
    for w_shape in shapes:
        m, n = w_shape
        key, subkey = jax.random.split(key)
        layer_params = dict(W=w_init(subkey, m, n), b=jnp.ones((1, n)))
        θ.append(layer_params)
    return θ


@jax.jit
def f(θ, x, σ=jnp.tanh):
    *hidden, last = θ
    for layer in hidden:
        W, b = layer['W'], layer['b']
        x = σ(x @ W + b)
    W, b = last['W'], last['b']
    x = x @ W + b
    return x


@jax.jit
def loss_fn(θ, x, y):
    return jnp.mean((f(θ, x) - y)**2)


loss_gradient = jax.jit(jax.grad(loss_fn))


def train_jax_optax(θ, x, y, epochs=400, learning_rate=0.001):
    solver = optax.sgd(learning_rate)
    opt_state = solver.init(θ)

    def train_step(i, carry):
        θ, opt_state = carry
        grad = loss_gradient(θ, x, y)
        updates, opt_state_new = solver.update(grad, opt_state, θ)
        θ_new = optax.apply_updates(θ, updates)
        return (θ_new, opt_state_new)

    θ_final, _ = jax.lax.fori_loop(0, epochs, train_step, (θ, opt_state))
    return θ_final


config = Config()
key = jax.random.PRNGKey(1234)
x, y = generate_data(key, config)
param_key = jax.random.PRNGKey(1234)

# Reset parameter vector
θ = initialize_params(param_key, config)

# Warmup run to trigger JIT compilation
train_jax_optax(θ, x, y)

# Reset and time the actual run
θ = initialize_params(param_key, config)
start_time = time()
θ = train_jax_optax(θ, x, y)
θ[0]['W'].block_until_ready()  # Ensure computation completes
optax_sgd_runtime = time() - start_time
