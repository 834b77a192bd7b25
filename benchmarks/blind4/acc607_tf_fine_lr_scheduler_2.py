# source: blind58:acc607_tf_fine_lr_scheduler_2
# framework: TF
# label: none
# A callback changes the learning rate every epoch while fit keeps one train function: the
# optimizer's learning rate is a Keras variable that the callback assigns, so the kept train
# function reads the new value.
# verify: close(c.weights_after, e.weights_after)
import keras
import numpy as np


class Decay(keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.optimizer.learning_rate = 0.1 / (epoch + 1)


model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer="ones")])
model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
x, y = np.ones((8, 2), "float32"), np.zeros((8, 1), "float32")
model.fit(x, y, epochs=4, batch_size=8, verbose=0, callbacks=[Decay()])
weights_after = model.get_weights()
