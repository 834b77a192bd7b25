# source: https://github.com/patrick-kidger/equinox/issues/746
# framework: JAX
# An equinox Module with a JAX array in a static field (`eqx.field(static=True)`), passed to an
# `eqx.filter_jit` function: the first call runs, the second, with another instance, compares
# the static fields while looking up the cache and raises ValueError (an array is no valid
# static value). The user's MWE; the error is caught.
# verify: c.error is not None and "ValueError" in c.error
import equinox as eqx
import jax
import jax.numpy as np
import jax.random as jr


class Data(eqx.Module):
    data: jax.Array = eqx.field(static=True)

    def __init__(self, seed):
        self.data = jr.uniform(jr.PRNGKey(seed), (10, 10))


class Model(eqx.Module):
    foo: jax.Array

    def __init__(self, foo):
        self.foo = np.array(foo)


@eqx.filter_jit
@eqx.filter_value_and_grad
def loss_fn(model, data):
    return np.sum(model.foo - data.data)


model = Model(1.0)
data0, data1 = Data(0), Data(1)

error = None
try:
    loss, grads = loss_fn(model, data0)  # This call evaluates fine
    loss, grads = loss_fn(model, data1)  # label: ACC5
except Exception as exc:  # noqa: BLE001 - the report's error, checked below
    error = f"{type(exc).__name__}: {exc}"
print(error)
