# source: https://crackedaicode.com/problems/nnx-jit
# framework: JAX
# label: none
# The lesson's "canonical incantation": an `nnx.Linear` and an `@nnx.jit` forward taking the
# module as an argument, called twice with the same model and input shape ("first call: trace
# + compile", "subsequent: cache hit"). `nnx.jit` keys its cache on the module's graph
# definition and the inputs' shapes: one trace. A fine look-alike of a module passed to a
# compiled function. The page's code as written, with its sizes and seed given values.
# verify: c.jax['forward'] == 1
import jax.numpy as jnp
from flax import nnx

in_features, out_features, seed = 4, 3, 0
x = jnp.ones((2, in_features))

model = nnx.Linear(in_features, out_features, rngs=nnx.Rngs(seed))


@nnx.jit
def forward(model, x):
    return model(x)


out = forward(model, x)   # first call: trace + compile
out = forward(model, x)   # subsequent: cache hit
