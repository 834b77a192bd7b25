# source: blind56:jax_linen_apply_rejit_1
# framework: JAX
# An inference helper jits the flax.linen model's `apply` each time it is asked to predict
# (`jax.jit(model.apply)`), once per evaluation batch.
# verify: c.jax['apply'] >= 8
import flax.linen as nn
import jax
import jax.numpy as jnp


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.classes)(nn.relu(nn.Dense(8)(x)))


class Predictor:
    def __init__(self, model, params):
        self.model, self.params = model, params

    def predict(self, x):
        forward = jax.jit(self.model.apply)
        return forward(self.params, x).argmax(-1)  # label[a]: ACC5


model = Classifier()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
predictor = Predictor(model, params)
preds = [predictor.predict(jnp.ones((2, 4)) * i) for i in range(10)]  # label[a]
