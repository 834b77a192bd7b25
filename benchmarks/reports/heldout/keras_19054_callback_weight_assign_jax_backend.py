# source: https://github.com/keras-team/keras/issues/19054
# framework: JAX
# label: none
# "Modifying a model from a callback is different between jax and other backends": a callback
# scales every weight by `change` in `on_train_batch_end`; with the TF and torch backends the
# assertion `weight == change` holds, with JAX (Keras 3.0.2) "the model does not get updated".
# The user compiled with `jit_compile=False, run_eagerly=True`; here the model is compiled with
# the default (a jitted train step), the case where the JAX trainer keeps its own copy of the
# state during `fit`. The user's callback, model and loss. On Keras 3.15 the callback's assignment
# reaches the trainer's state: the weight is 0.5 in the jitted run and its eager twin - fine today.
# verify: close(c.weight, e.weight) and abs(c.weight - 0.5) < 1e-6
import os

os.environ["KERAS_BACKEND"] = "jax"
import keras  # noqa: E402


class WeightChangeCallback(keras.callbacks.Callback):
    def __init__(self, change: float):
        super().__init__()
        self.change = change

    def on_train_batch_end(self, epoch: int, logs):
        for weight in self.model.weights:
            weight.assign(self.change * weight)


model = keras.Sequential([
    keras.Input(shape=(1,)),
    keras.layers.Dense(1, kernel_initializer="ones", use_bias=False),
])


def loss(y_true, y_pred):
    """Return 0, but connected to the input of the computational graph to make it work with PyTorch."""
    return 0 * keras.ops.sum(y_pred)


change = 0.5
x = keras.ops.ones((1, 1))
y = keras.ops.ones((1, 1))

model.compile(loss=loss, optimizer="sgd")
model.fit(x, y, epochs=1, callbacks=[WeightChangeCallback(change)], verbose=0)

weight = float(model.weights[0].numpy()[0, 0])
print(weight)
