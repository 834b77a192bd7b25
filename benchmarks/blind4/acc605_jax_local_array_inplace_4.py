# source: blind58:acc605_jax_local_array_inplace_4
# framework: JAX
# A builder makes a jitted masked-attention function over its local NumPy mask; an inner
# helper reveals more positions by writing the mask in place. The trace kept the first mask.
# verify: not close(c.outs, e.outs)
import jax
import jax.numpy as jnp
import numpy as np


def build(n):
    mask = np.zeros(n, dtype=np.float32)
    mask[0] = 1.0

    def reveal(k):
        mask[:k] = 1.0  # label[a]

    attend = jax.jit(lambda scores: jnp.sum(jax.nn.softmax(scores) * mask))  # label[a]: ACC605
    return attend, reveal


attend, reveal = build(4)
outs = []
for k in range(1, 5):
    reveal(k)
    outs.append(attend(jnp.arange(4.0)))
