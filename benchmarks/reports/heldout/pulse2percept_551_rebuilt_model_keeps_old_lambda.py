# source: https://github.com/pulse2percept/pulse2percept/issues/551
# framework: JAX
# "Jax for BiphasicAxonMap silent error when rebuilt": the model's jitted predictor reads the
# axon decay `axlambda` of the model; "if a BiphasicAxonMapModel with jax engine is rebuilt with
# a different lambda, then it will still compute according to the old lambda" (JAX removed the
# feature the code used to force a recompilation). Reduced: `build()` jits a method once, and the
# rebuilt model with a new `axlambda` reuses the cached trace.
# verify: not close(c.after, e.after)
import jax
import jax.numpy as jnp


class BiphasicAxonMapModel:
    def __init__(self, axlambda=100.0):
        self.axlambda = axlambda
        self._predict = None

    def _predict_spatial(self, dist):
        return jnp.exp(-dist / self.axlambda)  # label[g]: ACC6

    def build(self, **params):
        for k, v in params.items():
            setattr(self, k, v)  # label[g]
        if self._predict is None:
            self._predict = jax.jit(self._predict_spatial)
        return self

    def predict_percept(self, dist):
        return self._predict(dist)


model = BiphasicAxonMapModel().build()
dist = jnp.array([50.0, 100.0, 200.0])
before = model.predict_percept(dist)
model.build(axlambda=400.0)
after = model.predict_percept(dist)
print(before, after)
