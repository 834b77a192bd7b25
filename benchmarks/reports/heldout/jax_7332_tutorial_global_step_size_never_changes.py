# source: https://github.com/jax-ml/jax/issues/7332
# framework: JAX
# label: none
# In JAX's "Training a Simple Neural Network" tutorials the jitted `update` reads the global
# `step_size`, and the reporter calls that impure. The maintainer: "`step_size` does *not*
# change in this program, so we can consider it in a practical sense 'pure'". The global is set
# once before the first trace and never rebound, every batch has one shape: one trace for the
# whole training run, and the eager twin trains to the same parameters. A fine look-alike of a
# hidden input. The tutorial's code (Neural_Network_and_Data_Loading), reduced: smaller layers,
# random images and labels in place of MNIST's PyTorch data loader, two epochs of five batches.
# verify: c.jax['update'] == 1 and close(c.params, e.params)
import time

import jax.numpy as jnp
import numpy as np
from jax import grad, jit, random, vmap
from jax.scipy.special import logsumexp


def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


layer_sizes = [64, 32, 32, 10]
step_size = 0.01
num_epochs = 2
batch_size = 128
n_targets = 10
params = init_network_params(layer_sizes, random.PRNGKey(0))


def relu(x):
    return jnp.maximum(0, x)


def predict(params, image):
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)
    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return logits - logsumexp(logits)


batched_predict = vmap(predict, in_axes=(None, 0))


def one_hot(x, k, dtype=jnp.float32):
    return jnp.array(x[:, None] == jnp.arange(k), dtype)


def loss(params, images, targets):
    preds = batched_predict(params, images)
    return -jnp.mean(preds * targets)


@jit
def update(params, x, y):
    grads = grad(loss)(params, x, y)
    return [(w - step_size * dw, b - step_size * db)
            for (w, b), (dw, db) in zip(params, grads)]


rng = np.random.default_rng(0)
training_generator = [(rng.normal(size=(batch_size, 64)).astype(np.float32),
                       rng.integers(0, n_targets, batch_size)) for _ in range(5)]
for epoch in range(num_epochs):
    start_time = time.time()
    for x, y in training_generator:
        y = one_hot(y, n_targets)
        params = update(params, x, y)
    epoch_time = time.time() - start_time
