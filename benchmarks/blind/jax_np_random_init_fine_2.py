# source: blind55:jax_np_random_init_fine_2
# framework: JAX
# label: none
# NumPy's generator used at setup (weight init, data shuffling) outside any jitted code; the
# jitted step only sees the arrays it is given.
# verify: close(c.losses, e.losses)
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
w = jnp.asarray(rng.normal(size=(3,)))
data = rng.normal(size=(40, 3)).astype(np.float32)


@jax.jit
def loss(w, x):
    return jnp.mean((x @ w) ** 2)


losses = []
for epoch in range(3):
    order = rng.permutation(len(data))
    for i in range(0, len(data), 10):
        losses.append(float(loss(w, data[order[i:i + 10]])))
