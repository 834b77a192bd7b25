# source: blind55:jax_eqx_array_field_fine_1
# framework: JAX
# label: none
# The same equinox model with the step counter kept as a JAX array: a traced leaf, one compile.
# verify: c.jax['make_step'] == 1
import equinox as eqx
import jax
import jax.numpy as jnp


class Model(eqx.Module):
    w: jax.Array
    step: jax.Array

    def __call__(self, x):
        return jnp.tanh(x @ self.w)


@eqx.filter_jit
def make_step(model, x):
    grads = eqx.filter_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -0.1 * g, grads))
    return eqx.tree_at(lambda m: m.step, model, model.step + 1)


model = Model(jnp.eye(3), jnp.array(0))
x = jnp.ones((4, 3))
for i in range(10):
    model = make_step(model, x)
