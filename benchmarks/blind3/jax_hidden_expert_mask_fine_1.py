# source: blind57:jax_hidden_expert_mask_fine_1
# framework: JAX
# label: none
# The router takes the expert mask as an argument (a JAX array built from the list on each
# call), so pruning reaches the compiled router without a retrace.
# verify: close(c.after, e.after)
import jax
import jax.numpy as jnp

ACTIVE_EXPERTS = [1.0, 1.0, 1.0, 1.0]


def route(x, gates, mask):
    w = jax.nn.softmax(x @ gates) * mask
    return w / w.sum(-1, keepdims=True)


class MoE:
    def __init__(self, n):
        self.gates = jnp.eye(2, n)
        self.route = jax.jit(route)

    def __call__(self, x):
        return self.route(x, self.gates, jnp.array(ACTIVE_EXPERTS))


def prune(expert_index):
    ACTIVE_EXPERTS[expert_index] = 0.0


def main():
    moe = MoE(4)
    x = jnp.ones((1, 2))
    moe(x)
    prune(0)
    return moe(x)


after = main()
