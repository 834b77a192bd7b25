# source: https://keras.io/api/losses/#creating-custom-losses
# run: error (OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the following resolutions to the problem: If you are running in Graph mode, use Eager ex)
# framework: TF
# property: P10
# In main(), a custom loss given to compile() switches to an L1 loss when the targets are large.
import keras
import numpy as np


def robust_loss(y_true, y_pred):
    err = y_true - y_pred
    if keras.ops.max(keras.ops.abs(y_true)) > 10.0:  # label: ACC201
        return keras.ops.mean(keras.ops.abs(err))
    return keras.ops.mean(err ** 2)


def main():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss=robust_loss)
    model.fit(np.ones((8, 2)), np.ones((8, 1)), batch_size=4, epochs=1, verbose=0)
    print("trained")


main()
