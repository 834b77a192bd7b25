# source: https://keras.io/guides/making_new_layers_and_models_via_subclassing/
# run: wrong (graph printed 4 lines, eager 10; first difference: 'trained' vs 'batch seen')
# framework: TF
# property: P10
# A model subclass prints the batch statistics from call() while fit runs.
import keras
import numpy as np


class Probe(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        print("batch seen")  # label: ACC401
        return self.dense(x)


model = Probe()
model.compile(optimizer="sgd", loss="mse")
model.fit(np.ones((16, 2)), np.ones((16, 1)), batch_size=4, epochs=2, verbose=0)
print("trained")
