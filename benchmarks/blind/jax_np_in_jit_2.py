# source: blind55:jax_np_in_jit_2
# framework: JAX
# A metric helper written with NumPy (np.asarray on its input) called from the jitted eval step:
# NumPy cannot take a tracer, tracing raises.
# verify: c.error == 'TracerArrayConversionError' and e.error is None
import jax
import jax.numpy as jnp
import numpy as np


def accuracy(logits, labels):
    preds = np.asarray(logits).argmax(-1)  # label: ACC3
    return (preds == labels).mean()


@jax.jit
def eval_step(w, x, labels):
    return accuracy(x @ w, labels)


error = None
try:
    acc = eval_step(jnp.ones((3, 2)), jnp.ones((5, 3)), jnp.zeros((5,), dtype=jnp.int32))
except Exception as exc:
    error = type(exc).__name__
