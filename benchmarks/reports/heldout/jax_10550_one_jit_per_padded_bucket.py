# source: https://github.com/jax-ml/jax/issues/10550
# framework: JAX
# The user's `chunked_jit`: pad the batch up to the next power of two and keep one `jax.jit(f)`
# per padded size in a dict, so three sizes (100, 200, 400) give three buckets (128, 256, 512)
# and each bucket's jit compiles once over the three passes. The thread's slowness is not a
# recompilation (with `perturb_size = False`, the user's setting, every size is seen again).
# Fine. Timing and prints removed.
# label: none
# verify: c.jax['f'] == 3
import jax
import jax.numpy as jnp
import numpy as np

perturb_size = False


def chunked_jit(f):
    n_to_f = {}

    def wrapper(x):
        b = x.shape[0]

        # get the next biggest power of 2
        n = 2 ** int(np.ceil(np.log2(b)))

        x_pad = jnp.pad(x, [(0, n - b), (0, 0)])
        if n not in n_to_f:
            n_to_f[n] = jax.jit(f)

        compiled_f = n_to_f[n]
        y_pad = compiled_f(x_pad)
        return y_pad[:b]

    wrapper.n_to_f = n_to_f
    return wrapper


@chunked_jit
def f(x):
    return jnp.linalg.norm(x, axis=-1)


for _ in range(3):
    for n in [100, 200, 400]:
        if perturb_size:
            n = int(n * (1 + np.random.uniform(-0.2, 0.2)))
        x_np = np.random.randn(n, 3)
        x = jax.device_put(x_np)
        y = f(x)
