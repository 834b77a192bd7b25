# source: blind55:jax_eqx_float_hparam_2
# framework: JAX
# A dropout-like noise scale stored as a Python float on the equinox module and decayed every
# epoch with tree_at: a static leaf with a new value each epoch, so filter_jit recompiles.
# verify: c.jax['loss_fn'] >= 8
import equinox as eqx
import jax
import jax.numpy as jnp


class Net(eqx.Module):
    linear: eqx.nn.Linear
    noise: float

    def __call__(self, x):
        return self.linear(x) * (1.0 - self.noise)


@eqx.filter_jit
def loss_fn(net, x):
    return jnp.mean(jax.vmap(net)(x) ** 2)


net = Net(eqx.nn.Linear(3, 2, key=jax.random.PRNGKey(0)), 0.5)
x = jnp.ones((4, 3))
for epoch in range(10):
    l = loss_fn(net, x)  # label: ACC5
    net = eqx.tree_at(lambda n: n.noise, net, net.noise * 0.9)
