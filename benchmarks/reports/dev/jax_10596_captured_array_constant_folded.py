# source: https://github.com/jax-ml/jax/issues/10596
# framework: JAX
# "Extremely slow when I jit compile a function on GPU": the jitted function closes over a
# large array and applies an FFT to it, and compiling takes very long. The maintainer: a
# captured value is baked into the program and XLA may constant-fold work on it (FFTs fold,
# the custom calls of `inv` do not); pass it as a parameter if that is not wanted. The captured
# array is never changed, the result is right and compiled once: slow to compile, not a hazard
# the run shows. Fine. Sizes reduced.
# label: none
# verify: c.jax['f'] == 1 and close(c.result, e.result)
import jax
import jax.numpy as jnp
import numpy as np

kernel = np.random.default_rng(0).random((64, 64)).astype(np.float32)


@jax.jit
def f(x):
    return jnp.real(jnp.fft.ifft2(jnp.fft.fft2(kernel) * jnp.fft.fft2(x)))


x = jnp.ones((64, 64))
result = f(x)
result = f(x + 1)
print(result.sum())
