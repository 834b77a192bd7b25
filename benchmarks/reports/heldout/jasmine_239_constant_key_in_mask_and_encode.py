# source: https://github.com/p-doom/jasmine/pull/239
# framework: JAX
# "feat: diffusion baseline (including refactor)": the tokenizer's `mask_and_encode` randomly
# masks patches with `_rng_prob, _rng_mask = jax.random.split(jax.random.key(0), 2)`; the author
# in review: "We are initializing the same key every step. Have to fix this." Reduced to an nnx
# module with that method, called from a jitted training step with new videos at every step:
# the mask is the same at every step.
# verify: c.same_mask and e.same_mask
import jax
import jax.numpy as jnp
from flax import nnx


class Tokenizer(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(4, 2, rngs=rngs)

    def mask_and_encode(self, videos, rng, training=True):
        B, T, N = videos.shape[:3]
        if training:
            _rng_prob, _rng_mask = jax.random.split(jax.random.key(0), 2)  # label[k]: ACC1
            mask_prob = jax.random.uniform(_rng_prob, minval=0.5, maxval=1.0)  # label[k]
            mask = jax.random.bernoulli(_rng_mask, mask_prob, (B, T, N))  # label[k]
        else:
            mask = jnp.zeros((B, T, N), bool)
        patches = jnp.where(mask[..., None], 0.0, videos)
        return {"z": self.proj(patches), "mask": mask}


@nnx.jit
def train_step(model, videos, rng):
    return model.mask_and_encode(videos, rng)["mask"]


model = Tokenizer(nnx.Rngs(0))
rngs = nnx.Rngs(1)
masks = []
for step in range(2):
    videos = jax.random.normal(jax.random.key(step + 10), (2, 3, 5, 4))
    masks.append(train_step(model, videos, rngs))
same_mask = bool(jnp.all(masks[0] == masks[1]))
print(same_mask)
