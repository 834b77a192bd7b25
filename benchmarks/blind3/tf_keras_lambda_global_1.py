# source: blind57:tf_keras_lambda_global_1
# framework: TF
# A Keras `Lambda` layer scales its input by a module-level `INPUT_GAIN`; a callback built
# by a factory raises the gain after every epoch. `fit` traced the train function once, so
# the new gains never reach the model.
# verify: not close(c.final_w, e.final_w)
import numpy as np
import keras

INPUT_GAIN = 1.0


def scale_input(x):
    return x * INPUT_GAIN  # label[a]: ACC6


def make_gain_callback(step):
    class GainWarmup(keras.callbacks.Callback):
        def on_epoch_end(self, epoch, logs=None):
            global INPUT_GAIN
            INPUT_GAIN = 1.0 + step * (epoch + 1)  # label[a]

    return GainWarmup()


def build_model():
    inputs = keras.Input((2,))
    h = keras.layers.Lambda(scale_input)(inputs)
    outputs = keras.layers.Dense(1, kernel_initializer="zeros")(h)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    return model


def main():
    x, y = np.ones((8, 2), np.float32), np.ones((8, 1), np.float32)
    model = build_model()
    model.fit(x, y, epochs=4, batch_size=8, verbose=0, callbacks=[make_gain_callback(0.5)])
    return model.layers[-1].kernel.numpy()


final_w = main()
