# source: https://github.com/google/flax/pull/2631
# framework: JAX
# "Add Flax Dropout tutorial", review: "For the `dropout_key` in `train_loop`, I believe you need
# to split a different key on each step so that different activation happens." The draft's loop
# passes the one `dropout_key` made at the start into the jitted `train_step` on every step, so
# `nn.Dropout` draws the same mask at every step (the model is updated between steps, the mask
# never). Reduced to the mask: a Dropout-only model applied by the jitted step with the key the
# loop hands it; the split-per-step loop the reviewer asked for is kept beside it.
# verify: c.same_mask_every_step and not c.split_masks_equal
import flax.linen as nn
import jax
import jax.numpy as jnp


class MyModel(nn.Module):
    @nn.compact
    def __call__(self, x, training: bool):
        return nn.Dropout(rate=0.5, deterministic=not training)(x)


root_key = jax.random.PRNGKey(seed=0)
main_key, params_key, dropout_key = jax.random.split(key=root_key, num=3)
model = MyModel()
x = jnp.ones((2, 8))
variables = model.init(params_key, x, training=False)


@jax.jit
def train_step(variables, batch, dropout_key):
    return model.apply(variables, batch, training=True, rngs={"dropout": dropout_key})


masks = []
for step in range(3):
    masks.append(train_step(variables, x, dropout_key) != 0)  # label: ACC1
same_mask_every_step = bool(jnp.all(masks[0] == masks[1]) and jnp.all(masks[1] == masks[2]))

split_masks = []
for step in range(3):
    dropout_key, step_key = jax.random.split(dropout_key)
    split_masks.append(train_step(variables, x, step_key) != 0)
split_masks_equal = bool(jnp.all(split_masks[0] == split_masks[1]))
print(same_mask_every_step, split_masks_equal)
