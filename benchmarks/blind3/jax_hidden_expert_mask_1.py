# source: blind57:jax_hidden_expert_mask_1
# framework: JAX
# A mixture-of-experts router multiplies by a module-level Python list of active experts; a
# pruning helper switches an expert off in place after the router was first jitted. The
# list was read as constants during the trace, so the pruned expert keeps contributing.
# verify: not close(c.after, e.after)
import jax
import jax.numpy as jnp

ACTIVE_EXPERTS = [1.0, 1.0, 1.0, 1.0]


def route(x, gates):
    mask = jnp.array(ACTIVE_EXPERTS)  # label[a]: ACC6
    w = jax.nn.softmax(x @ gates) * mask
    return w / w.sum(-1, keepdims=True)


class MoE:
    def __init__(self, n):
        self.gates = jnp.eye(2, n)
        self.route = jax.jit(route)

    def __call__(self, x):
        return self.route(x, self.gates)


def prune(expert_index):
    ACTIVE_EXPERTS[expert_index] = 0.0  # label[a]


def main():
    moe = MoE(4)
    x = jnp.ones((1, 2))
    moe(x)
    prune(0)
    return moe(x)


after = main()
