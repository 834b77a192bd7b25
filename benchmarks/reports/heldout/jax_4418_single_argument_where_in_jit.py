# source: https://github.com/jax-ml/jax/issues/4418
# framework: JAX
# "advanced boolean indexing": `ax1, ax2 = np_jax.where(~Dataset[:, 0].any(axis=2))` to find the
# zero entries and build a mask with index updates; under jit the one-argument `where` has a
# data-dependent output size (the maintainer: "not compatible with JIT"; use the three-argument
# form). Reduced to a 3-d array and `.at[...].set`.
# verify: c.error is not None and e.error is None
import jax
import jax.numpy as np_jax


@jax.jit
def zero_mask(Dataset):
    ax1, ax2 = np_jax.where(~Dataset.any(axis=2))  # label: ACC3
    mask = np_jax.ones(Dataset.shape[:2])
    return mask.at[ax1, ax2].set(0)


Dataset = np_jax.array([[[1, 2], [0, 0]], [[1, 4], [0, 0]], [[0, 0], [0, 0]]])
error = None
r = None
try:
    r = zero_mask(Dataset)
except Exception as exc:
    error = type(exc).__name__
print(error, r)
