# source: https://keras.io/guides/custom_train_step_in_tensorflow/#providing-your-own-evaluation-step
# run: error (OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the following resolutions to the problem: If you are running in Graph mode, use Eager ex)
# framework: TF
# property: P10
# Written at stop 44 before any change: an evaluation step override clips the loss with a
# Python if on a tensor; Keras 3 traces test_step without AutoGraph.
import keras
import numpy as np


class Clipped(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def test_step(self, data):
        x, y = data
        loss = keras.ops.mean((self(x) - y) ** 2)
        if loss > 10.0:  # label: ACC201
            loss = keras.ops.minimum(loss, 10.0)
        return {"loss": loss}


model = Clipped()
model.compile(optimizer="sgd", loss="mse")
print("eval", model.evaluate(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, verbose=0,
                             return_dict=True)["loss"] >= 0)
