# source: https://github.com/unifyai/ivy/pull/16255
# framework: JAX
# "remove numpy call from jax asarray": a Flax linear wrapper calls `x = np.asarray(x)` in its
# `__call__`; transformed, it throws "TracerArrayConversionError: The numpy.ndarray conversion
# method __array__() was called on the JAX Tracer object", and `jnp.asarray(x)` works. The PR's
# two modules, applied under `jax.jit`.
# verify: c.raised and not e.raised
import jax
import jax.numpy as jnp
import numpy as np
import flax


class TestFlaxLinear(flax.linen.Module):
    out_size: int

    def setup(self):
        self._linear = flax.linen.Dense(self.out_size)

    def __call__(self, x):
        x = np.asarray(x)  # label: ACC3
        return self._linear(x)


class TestFlaxModule(flax.linen.Module):
    in_size: int
    out_size: int
    hidden_size: int = 4

    def setup(self):
        self._linear0 = TestFlaxLinear(self.hidden_size)
        self._linear1 = TestFlaxLinear(self.hidden_size)
        self._linear2 = TestFlaxLinear(self.out_size)

    def __call__(self, x):
        x = jnp.expand_dims(x, 0)
        x = jnp.tanh(self._linear0(x))
        x = jnp.tanh(self._linear1(x))
        return jnp.tanh(self._linear2(x))[0]


module = TestFlaxModule(in_size=2, out_size=1)
test_input = jnp.array([[0.1, 0.2]], dtype="float32")
params = module.init(jax.random.PRNGKey(0), test_input)
try:
    out = jax.jit(module.apply)(params, test_input)
    raised = False
except jax.errors.TracerArrayConversionError:
    raised = True
print(raised)
