# source: https://github.com/patrick-kidger/equinox/issues/686
# framework: JAX
# The model stores `jax.jit(fk_fn)` as a field; re-initialising the model makes a new jitted
# object, a static leaf of the model, so `step` compiles once more for the second optimisation
# loop (two compiles for two models). Each loop then reuses its compile: bounded, and the
# price of a new model. Fine. The loss is a mean square; five steps per loop.
# label: none
# verify: c.jax['step'] <= 2
from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jaxtyping import Array


class ForwardKinematicTrajectory(eqx.Module):
    trajectory: eqx.Module
    scale_mixer: Array
    forward: Callable

    def __init__(self, fk_fn: Callable):
        self.trajectory = eqx.nn.Linear(1, 3, key=jax.random.PRNGKey(0))
        self.scale_mixer = jnp.ones((3, 1))
        self.forward = jax.jit(fk_fn)

    def __call__(self, data):
        return self.forward(self.trajectory(data) * self.scale_mixer)


def loss(model, X, y):
    return jnp.mean(jnp.square(jax.vmap(model)(X) - y))


@eqx.filter_jit
def step(model, opt_state, X, y, loss_grad, opt):
    val, grads = loss_grad(model, X, y)
    updates, opt_state = opt.update(grads, opt_state, model)
    model = eqx.apply_updates(model, updates)
    return val, model, opt_state


def fk(q):
    return jnp.sin(q)


X, y = jnp.ones((8, 1)), jnp.zeros((8, 3, 3))
opt = optax.adam(1e-2)
loss_grad = eqx.filter_value_and_grad(loss)
for trial in range(2):
    model = ForwardKinematicTrajectory(fk)
    opt_state = opt.init(eqx.filter(model, eqx.is_array))
    for i in range(5):
        val, model, opt_state = step(model, opt_state, X, y, loss_grad, opt)
