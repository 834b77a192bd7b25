# source: https://github.com/keras-team/keras/issues/6446
# framework: TF
# "changing loss weight during training": the maintainer suggests passing symbolic tensors as
# `loss_weights` and changing their values in a callback; a user: "there seems to be a bug in
# there. Changing the loss_weights in the middle of the training seems to have no effect and
# the training continues with the initial weights", with `alpha = K.variable(1.0)` and
# `beta = K.variable(0.0)` as the weights of a two-output model. Reduced with Keras 3's
# `tf.keras.backend`: the weights are swapped by `K.set_value` in a callback after the first
# epoch and the traced step reads the variables, so the loss changes from the second epoch on,
# as in eager: fine on Keras 3.15.
# label: none
# verify: close(c.losses, e.losses) and not close(c.losses[0], c.losses[1])
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K
from tensorflow.keras.layers import Dense, Input
from tensorflow.keras.models import Model

m = 3
keras.utils.set_random_seed(0)
input_1 = Input(shape=(m,))
hidden_0 = Dense(units=10, activation='relu')(input_1)
predictions = Dense(2, activation='softmax')(hidden_0)
model = Model(inputs=input_1, outputs=[predictions, predictions])

alpha = K.variable(1.0)
beta = K.variable(0.0)


class SwapWeights(keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch == 0:
            K.set_value(alpha, 0.0)
            K.set_value(beta, 1.0)


model.compile(optimizer=keras.optimizers.SGD(0.0), loss=["categorical_crossentropy", "mse"], loss_weights=[alpha, beta])
x = np.random.RandomState(0).rand(8, m).astype(np.float32)
y = np.eye(2, dtype=np.float32)[[0, 1] * 4]
history = model.fit(x, [y, y], epochs=3, batch_size=8, verbose=0, callbacks=[SwapWeights()])
losses = history.history["loss"]
print(losses)
