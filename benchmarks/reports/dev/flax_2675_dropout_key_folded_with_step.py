# source: https://github.com/google/flax/pull/2675
# framework: JAX
# "Add Flax Dropout guide": the merged guide's jitted `train_step` folds the training step into
# the dropout key, `jax.random.fold_in(key=dropout_key, data=state.step)`, so one key handed in
# on every step still gives a new mask per step (the fix of the earlier draft, whose loop passed
# the same key and got the same mask). Reduced: a Dropout-only model, three steps.
# label: none
# verify: not c.same_mask and close(c.masks, e.masks)
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


class MyModel(nn.Module):
    @nn.compact
    def __call__(self, x, training: bool):
        x = nn.Dense(8)(x)
        return nn.Dropout(rate=0.5, deterministic=not training)(x)


root_key = jax.random.key(seed=0)
main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
model = MyModel()
x = jnp.ones((2, 8))
variables = model.init(params_key, x, training=False)
state = train_state.TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optax.sgd(0.0))


@jax.jit
def train_step(state, batch, dropout_key):
    dropout_train_key = jax.random.fold_in(key=dropout_key, data=state.step)

    def loss_fn(params):
        out = state.apply_fn({"params": params}, batch, training=True, rngs={"dropout": dropout_train_key})
        return jnp.sum(out), out != 0

    grads, mask = jax.grad(loss_fn, has_aux=True)(state.params)
    return state.apply_gradients(grads=grads), mask


masks = []
for _ in range(3):
    state, mask = train_step(state, x, dropout_key)
    masks.append(mask)
same_mask = bool(jnp.all(masks[0] == masks[1]) and jnp.all(masks[1] == masks[2]))
print(same_mask)
