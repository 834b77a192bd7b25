# source: https://keras.io/api/metrics/#creating-custom-metrics
# run: error (TypeError: float() argument must be a string or a real number, not 'SymbolicTensor')
# framework: TF
# property: P10
# A custom metric given to compile(metrics=[...]) converts the mean error to a Python float.
import keras
import numpy as np


def max_error(y_true, y_pred):
    worst = float(keras.ops.max(keras.ops.abs(y_true - y_pred)))  # label: ACC302
    return keras.ops.convert_to_tensor(worst)


model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse", metrics=[max_error])
model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=1, verbose=0)
print("trained")
