# source: https://github.com/google/flax/issues/4085
# `nn.Dropout(deterministic=not training)` with `training` an argument of a jitted function
# that reaches `model.apply`: `not training` raises TracerBoolConversionError.
import flax.linen as nn
import jax
import jax.numpy as jnp


class DNN(nn.Module):
    num_hidden_units: int
    dropout_rate: float

    @nn.compact
    def __call__(self, x, training):
        x = nn.Dense(self.num_hidden_units)(x)
        x = nn.relu(x)
        x = nn.Dropout(rate=self.dropout_rate, deterministic=not training)(x)  # expect: ACC202
        return nn.Dense(1)(x)


model = DNN(8, 0.1)


@jax.jit
def predict(params, X, training):
    return model.apply(params, X, training, rngs={"dropout": jax.random.PRNGKey(114)})


params = model.init(jax.random.PRNGKey(0), jnp.ones((4, 3)), False)
predict(params, jnp.ones((4, 3)), True)
