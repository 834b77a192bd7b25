"""A small training script with the hazards acclint exists to catch (run `acclint check` on it).

Every function here runs; the accelerated ones just do the wrong thing silently.
"""

import logging
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from acclint.runtime import dlaccelerate, dlfeval, dlgradient, extractdata, mean, rand, size

logger = logging.getLogger(__name__)
LOSSES = []


@jax.jit
def dropout(x):
    keep = np.random.rand(*x.shape) > 0.5  # frozen into the trace: the same mask on every call
    return jnp.where(keep, x, 0.0)


@partial(jax.jit, static_argnums=2)
def train_step(params, batch, lr):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    if loss > 10.0:  # raises TracerBoolConversionError under jit
        lr = lr / 10
    print("loss", loss)  # prints a tracer, once
    LOSSES.append(loss)  # leaks a tracer, once
    return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)


def loss_fn(params, batch):
    x, y = batch
    pred = jnp.tanh(x @ params["w"])
    return jnp.mean((pred - y) ** 2)


@dlaccelerate
def augment(x):
    noise = 0.1 * rand(size(x))  # baked in as a constant: needs like=x
    logger.info("augmenting")  # logged once, when the trace is built
    return x + noise


def model_loss(w, x):
    scale = extractdata(mean(w))  # cuts the gradient through w
    loss = mean((w * x * scale) ** 2)
    return loss, dlgradient(loss, w)


def train(w, x):
    return dlfeval(model_loss, w, augment(x))
