# source: https://github.com/keras-team/keras/issues/20261
# framework: TF
# "Accessing the current training iteration step in a custom Layer class": the reporter passes
# `current_step = self.optimizer.iterations + 1` from the model's `call` to the layer, to anneal
# a term with the step. `optimizer.iterations` is a variable read by the traced train function
# on every step, so the annealing follows the step inside `fit` as it does eagerly (a Python
# counter would not). Reduced: a layer scaling its input by min(1, step / 5), fit for 8 steps.
# label: none
# verify: close(c.kernel, e.kernel)
import numpy as np
import keras


class MyLayer(keras.layers.Layer):
    def call(self, inputs, training=False, current_step=None):
        beta = keras.ops.minimum(1.0, keras.ops.cast(current_step, "float32") / 5.0)
        return inputs * beta


class TestModel(keras.Model):
    def __init__(self, name: str = "test_model", **kwargs):
        super().__init__(name=name, **kwargs)
        self._custom_layer = MyLayer()
        self._dense = keras.layers.Dense(1)

    def call(self, inputs, training: bool = False):
        current_step = self.optimizer.iterations + 1
        return self._dense(self._custom_layer(inputs, training=training, current_step=current_step))


keras.utils.set_random_seed(0)
model = TestModel()
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
x = np.random.RandomState(0).rand(32, 4).astype("float32")
y = x.sum(axis=1, keepdims=True)
model.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0)
kernel = model._dense.kernel.numpy()
print(kernel.ravel())
