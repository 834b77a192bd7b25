# source: https://openillumi.com/en/en-jax-jit-external-variable-implicit-argument-jaxpr
# framework: JAX
# The Stack Overflow question the page answers: a jitted `step` reads the global
# `extra_learning_rate` instead of taking it as an argument; the loop sets it to 0.1, calls
# `step`, sets it to 0.01 and calls again. The trace captured 0.1 as a constant, so the second
# step still scales by 0.1; eagerly it scales by 0.01. The step is reduced to a plain
# gradient update on a quadratic loss.
# verify: not close(c.params2, e.params2)
import jax
import jax.numpy as jnp


def loss(params, batch, labels):
    return jnp.mean((batch @ params - labels) ** 2)


extra_learning_rate = 0.1


@jax.jit
def step(params, batch, labels):
    updates = jax.grad(loss)(params, batch, labels)
    updates *= extra_learning_rate  # label[a]: ACC6
    return params - updates


batch = jnp.ones((4, 3))
labels = jnp.arange(4.0)
params = jnp.zeros(3)

extra_learning_rate = 0.1
params1 = step(params, batch, labels)
extra_learning_rate = 0.01  # label[a]
params2 = step(params1, batch, labels)
print(params1, params2)
