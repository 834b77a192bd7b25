# source: blind58:acc602_jax_dict_item_1
# framework: JAX
# A jitted loss reads its label-smoothing factor from a module-level hyperparameter dict; a
# schedule helper assigns a new item after every epoch. The trace froze the first value.
# verify: not close(c.losses, e.losses)
import jax
import jax.numpy as jnp

HPARAMS = {"smoothing": 0.0, "classes": 3}


@jax.jit
def smoothed_xent(logits, onehot):
    eps = HPARAMS["smoothing"]  # label[a]: ACC602
    target = onehot * (1 - eps) + eps / HPARAMS["classes"]
    return -jnp.sum(target * jax.nn.log_softmax(logits))


def schedule(epoch):
    HPARAMS["smoothing"] = 0.1 * epoch  # label[a]


losses = []
for epoch in range(4):
    losses.append(smoothed_xent(jnp.array([2.0, 0.0, -1.0]), jnp.array([1.0, 0.0, 0.0])))
    schedule(epoch + 1)
