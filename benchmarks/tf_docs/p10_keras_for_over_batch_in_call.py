# source: https://keras.io/guides/making_new_layers_and_models_via_subclassing/
# run: error (OperatorNotAllowedInGraphError: Exception encountered when calling RowSum.call().)
# framework: TF
# property: P10
# A model subclass's call sums its rows with a Python for loop over the batch.
import keras
import numpy as np


class RowSum(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        total = keras.ops.zeros_like(x[0])
        for row in x:  # label: ACC207
            total = total + row
        return self.dense(x + total)


model = RowSum()
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=1, verbose=0)
print("trained")
