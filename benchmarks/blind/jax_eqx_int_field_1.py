# source: blind55:jax_eqx_int_field_1
# framework: JAX
# An equinox model keeps a Python int step counter as a field and the loop bumps it with
# eqx.tree_at; a non-array leaf is static for filter_jit, so every step compiles again.
# verify: c.jax['make_step'] >= 8
import equinox as eqx
import jax
import jax.numpy as jnp


class Model(eqx.Module):
    w: jax.Array
    step: int

    def __call__(self, x):
        return jnp.tanh(x @ self.w)


@eqx.filter_jit
def make_step(model, x):
    grads = eqx.filter_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -0.1 * g, grads))
    return model


model = Model(jnp.eye(3), 0)
x = jnp.ones((4, 3))
for i in range(10):
    model = make_step(model, x)  # label: ACC5
    model = eqx.tree_at(lambda m: m.step, model, model.step + 1)
