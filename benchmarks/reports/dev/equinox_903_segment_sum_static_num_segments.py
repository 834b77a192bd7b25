# source: https://github.com/patrick-kidger/equinox/issues/903
# framework: JAX
# label: none
# "jitting a module with segment sums": an Equinox Module calls `jax.ops.segment_sum`, whose
# `num_segments` must be static; the user builds batches so that `num_segments` is the same for
# every batch and asks whether `eqx.filter_jit` recompiles each step. Keeping it as a Python int
# field of the Module makes it static in filter_jit's cache key, and with the same value every
# batch the step compiles once. Reduced to a per-graph pooling module trained on 6 batches of
# the same segment count: one compile, losses equal eager's.
# verify: c.jax['step'] == 1 and close(c.losses, e.losses)
import equinox as eqx
import jax
import jax.numpy as jnp


class SegmentPool(eqx.Module):
    linear: eqx.nn.Linear
    num_segments: int

    def __call__(self, nodes, segment_ids):
        h = jax.vmap(self.linear)(nodes)
        return jax.ops.segment_sum(h, segment_ids, num_segments=self.num_segments)


@eqx.filter_jit
def step(model, nodes, segment_ids, targets):
    def loss_fn(m):
        return jnp.mean((m(nodes, segment_ids) - targets) ** 2)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -0.1 * g, grads))
    return model, loss


model = SegmentPool(eqx.nn.Linear(3, 2, key=jax.random.PRNGKey(0)), num_segments=4)
key = jax.random.PRNGKey(1)
losses = []
for batch in range(6):
    key, k1, k2 = jax.random.split(key, 3)
    nodes = jax.random.normal(k1, (10, 3))
    segment_ids = jnp.sort(jax.random.randint(k2, (10,), 0, 4))
    model, loss = step(model, nodes, segment_ids, jnp.ones((4, 2)))
    losses.append(float(loss))
print(losses)
