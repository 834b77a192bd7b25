# source: blind55:jax_np_random_1
# framework: JAX
# Input noise for denoising training drawn with NumPy inside the jitted step: drawn once when the
# step is traced, so every step adds the very same "noise".
# verify: close(c.noises[0], c.noises[2]) and not close(e.noises[0], e.noises[2])
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def corrupt(x):
    noise = np.random.normal(0.0, 0.1, size=x.shape)  # label: ACC1
    return x + noise


np.random.seed(0)
noises = []
for step in range(3):
    noises.append(corrupt(jnp.zeros((4,))))
