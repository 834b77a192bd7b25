# source: https://github.com/keras-team/keras-core/pull/291
# framework: TF
# Label: fine look-alike. The PR's example: a layer whose `call` takes no `training` argument, built
# with a sub-layer in `build`, called as `layer(inputs, training=True)`; Keras drops the argument
# it does not take instead of erroring. The layer is then used in a model trained with `fit`
# (Keras 3 on TF 2.21; the train function is a tf.function): no Python branch, no host call, no
# state written from the call, and the losses match the eager run.
# label: none
# verify: close(c.history.history["loss"], e.losses)
import keras
import numpy as np
from keras import layers, models, ops


class NoTrainingSpecified(layers.Layer):
    def __init__(self):
        super().__init__()

    def build(self, input_shape):
        self.activation = layers.Activation("linear")

    def call(self, inputs):
        return self.activation(inputs)


layer = NoTrainingSpecified()
inputs = ops.ones(shape=(1, 10, 10, 3))
outputs = layer(inputs, training=True)

keras.utils.set_random_seed(0)
model = models.Sequential(
    [layers.Input((10, 10, 3)), NoTrainingSpecified(), layers.Flatten(), layers.Dense(1)]
)
x = np.random.random((16, 10, 10, 3)).astype("float32")
y = np.random.random((16, 1)).astype("float32")
model.compile(optimizer="sgd", loss="mse")
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False)
losses = history.history["loss"]
