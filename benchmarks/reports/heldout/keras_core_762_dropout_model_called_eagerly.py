# source: https://github.com/keras-team/keras-core/issues/762
# framework: JAX
# label: none
# The reporter compiles a Keras model with `jit_compile=True` and then calls it directly,
# `model(x, training=True)`, five times in a loop; a print added to the backend's `dropout`
# appears on every call, which the report reads as "retraced at every call". Calling a model
# runs it eagerly (only `fit`, `evaluate` and `predict` use the compiled functions): nothing is
# traced, and the dropout draws new masks from the advancing seed generator as intended. A
# fine look-alike of a compiled model re-traced per call. The report's code as written with the
# JAX backend (`KERAS_BACKEND=jax`, Keras 3.15: `pip install keras`), its `print` in Keras's
# source left out; the layer and model come from `keras`, which `keras_core` became.
# verify: max(c.jax.values()) <= 3 and not close(c.outputs[0], c.outputs[1])
import os

os.environ["KERAS_BACKEND"] = "jax"

from keras import Model, layers, ops  # noqa: E402


def build_model():
    inp = layers.Input(shape=(3,), batch_size=1)
    out = layers.Dropout(0.5, seed=1234)(inp)
    return Model(inp, out)


model = build_model()
model.compile(jit_compile=True)

# Test the model for a constant input
x = ops.ones((1, 3))
drop_layer = model.layers[-1]
outputs = []
for _ in range(5):
    y = model(x, training=True)
    print(" | Generator state: ", drop_layer.seed_generator.state.value)
    print("Model output: ", y)
    print("=" * 75)
    outputs.append(y)
