# source: https://github.com/ShaneFlandermeyer/tdmpc2-jax/issues/8
# framework: JAX
# Implementing CrossQ in tdmpc2-jax, the user gives the value network a BatchNorm layer and the
# world model's jitted `Q` method a `train: bool` argument to choose train or evaluation mode:
# "once that Q function is initialized and traced, when I later try to pass in the boolean, I
# get an error". `jax.jit` traces `train` like any argument, so BatchNorm's
# `use_running_average=not train` takes the truth value of a tracer; the repository later marks
# it static (`partial(jax.jit, static_argnames=('train'))`). Written from the thread's
# description and the repository's `WorldModel.Q` at the time (commit d9d95b5; the user's fork
# is not stored): the value network is reduced to Dense-BatchNorm-Dense, the two-hot decoding
# to a mean, the training step to one critic update that calls `Q` in train mode.
# verify: "Error" in c.error and e.error is None
from typing import Dict

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax import struct
from flax.training.train_state import TrainState


class BatchNormQ(nn.Module):
    mlp_dim: int

    @nn.compact
    def __call__(self, z, train: bool):
        z = nn.Dense(self.mlp_dim)(z)
        z = nn.BatchNorm(use_running_average=not train, momentum=0.99)(z)  # label: ACC2
        z = nn.relu(z)
        return nn.Dense(1)(z)


class WorldModel(struct.PyTreeNode):
    value_model: TrainState
    batch_stats: Dict
    latent_dim: int = struct.field(pytree_node=False)

    @jax.jit
    def Q(self, z: jax.Array, a: jax.Array, params: Dict, train: bool):
        z = jnp.concatenate([z, a], axis=-1)
        out, updates = self.value_model.apply_fn(
            {'params': params, 'batch_stats': self.batch_stats}, z, train,
            mutable=['batch_stats'])
        return out, updates


def create_world_model(key, latent_dim, action_dim, mlp_dim, learning_rate):
    value_module = BatchNormQ(mlp_dim=mlp_dim)
    variables = value_module.init(
        key, jnp.zeros((1, latent_dim + action_dim)), False)
    value_model = TrainState.create(
        apply_fn=value_module.apply, params=variables['params'],
        tx=optax.adam(learning_rate))
    return WorldModel(value_model=value_model, batch_stats=variables['batch_stats'],
                      latent_dim=latent_dim)


def update_critic(model: WorldModel, z, a, td_target):
    def loss_fn(params):
        q, updates = model.Q(z, a, params, True)
        return jnp.mean((q - td_target) ** 2), updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(
        model.value_model.params)
    value_model = model.value_model.apply_gradients(grads=grads)
    return model.replace(value_model=value_model,
                         batch_stats=updates['batch_stats']), loss


model = create_world_model(jax.random.PRNGKey(0), latent_dim=4, action_dim=2, mlp_dim=16,
                           learning_rate=3e-4)
z = jnp.ones((8, 4))
a = jnp.ones((8, 2))
error = None
try:
    model, loss = update_critic(model, z, a, jnp.zeros((8, 1)))
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
