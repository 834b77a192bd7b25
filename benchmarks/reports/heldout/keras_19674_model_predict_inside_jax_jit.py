# source: https://github.com/keras-team/keras/issues/19674
# framework: JAX
# "JAX array conversion failure in Keras model prediction": with `KERAS_BACKEND=jax`, a likelihood
# function jitted with `jax.jit` calls `self.logVT.predict(m1m2)` on a saved Deep-MLP; `predict`
# converts its input to NumPy to batch it, so tracing raises TracerArrayConversionError ("The
# numpy.ndarray conversion method __array__() was called on traced array with shape
# float32[10000,2]"). The user's model file is not stored: a small MLP stands for it, and the
# jitted function keeps the user's `jnp.exp(... + model.predict(m1m2).flatten())` shape. The
# eager run (disable_jit) predicts.
# verify: c.raised and not e.raised
import os

os.environ["KERAS_BACKEND"] = "jax"
import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import keras  # noqa: E402

logVT = keras.Sequential([keras.Input((2,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)])


@jax.jit
def exp_rate_integral(m1m2, log_prob):
    return jnp.sum(jnp.exp(log_prob + logVT.predict(m1m2, verbose=0).flatten()))  # label: ACC3


m1m2 = jnp.column_stack([jnp.linspace(5.0, 50.0, 100), jnp.linspace(5.0, 50.0, 100)])
try:
    rate = exp_rate_integral(m1m2, jnp.zeros(100))
    raised = False
except jax.errors.TracerArrayConversionError:
    raised = True
print(raised)
