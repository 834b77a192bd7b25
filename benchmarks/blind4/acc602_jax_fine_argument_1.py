# source: blind58:acc602_jax_fine_argument_1
# framework: JAX
# label: none
# The module-level hyperparameter dict is changed in place every epoch, but the step reads the
# value outside the trace and passes it in as an array argument: nothing is frozen.
# verify: close(c.losses, e.losses) and c.jax['smoothed_xent'] == 1
import jax
import jax.numpy as jnp

HPARAMS = {"smoothing": 0.0}


@jax.jit
def smoothed_xent(logits, onehot, eps):
    target = onehot * (1 - eps) + eps / 3
    return -jnp.sum(target * jax.nn.log_softmax(logits))


losses = []
for epoch in range(4):
    eps = jnp.float32(HPARAMS["smoothing"])
    losses.append(smoothed_xent(jnp.array([2.0, 0.0, -1.0]), jnp.array([1.0, 0.0, 0.0]), eps))
    HPARAMS["smoothing"] = 0.1 * (epoch + 1)
