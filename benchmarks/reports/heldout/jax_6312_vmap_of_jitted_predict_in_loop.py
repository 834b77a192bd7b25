# source: https://github.com/jax-ml/jax/issues/6312
# framework: JAX
# "vmap is much slower than manual vectorization": the benchmark wraps `predict` with `jit`
# and calls `vmap(func, in_axes=(None, 0))(w, x)` in a loop of `T` runs. The vmap is rebuilt on
# every pass but the jitted `predict` is traced once for the batched shape and reused; the
# slowdown discussed is dispatch, not recompilation. The report's script with `--vmap --jit`,
# T = 20.
# label: none
# verify: c.jax['predict'] == 1 and close(c.last, e.last)
import jax.numpy as jnp
from jax import jit, random, vmap


def predict(w, x):
    outputs = jnp.matmul(x, w)
    return outputs


func = jit(predict)

key = random.PRNGKey(0)
x = random.normal(key, (256, 512))
w = random.normal(key, (512, 512))

for _ in range(20):
    last = vmap(func, in_axes=(None, 0))(w, x)
print(last.shape)
