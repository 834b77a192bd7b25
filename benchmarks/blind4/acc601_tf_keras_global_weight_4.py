# source: blind58:acc601_tf_keras_global_weight_4
# framework: TF
# A Keras layer's call reads a module-level penalty weight; a second fit stage rebinds the
# weight. The model's train function was traced in the first fit and is reused by the second.
# verify: not close(c.weights_after, e.weights_after)
import keras
import numpy as np

PENALTY = 0.0


class Penalised(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 1), initializer="ones")

    def call(self, x):
        self.add_loss(PENALTY * keras.ops.sum(self.w ** 2))  # label[a]: ACC601
        return x @ self.w


def stage(model, penalty, x, y):
    global PENALTY
    PENALTY = penalty  # label[a]
    model.fit(x, y, epochs=2, batch_size=4, verbose=0)


model = keras.Sequential([keras.Input((3,)), Penalised()])
model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
x, y = np.ones((8, 3), "float32"), np.zeros((8, 1), "float32")
stage(model, 0.0, x, y)
stage(model, 5.0, x, y)
weights_after = model.get_weights()
