# source: https://github.com/keras-team/keras/issues/6405
# framework: TF
# Setting `model.trainable = False` after the model was compiled and fitted once, then fitting
# again: the train function was built (traced) with the trainable weights of that time, and the
# maintainer's answer is that changes after `compile` are not taken into account until the
# model is compiled again. On Keras 3 / TF 2.21 the second fit reuses the train function traced
# by the first, which still updates the kernel; run eagerly (`run_functions_eagerly`) the
# kernel stays frozen. A dense model on random data stands in for the user's GAN.
# verify: not c.frozen and e.frozen
import numpy as np
import tensorflow as tf

x = np.random.rand(64, 4).astype("float32")
y = np.random.rand(64, 2).astype("float32")

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
model.compile(optimizer="sgd", loss="mse")
model.fit(x, y, epochs=1, verbose=0)

kernel_before = model.layers[0].kernel.numpy().copy()
model.trainable = False  # label[a]
model.fit(x, y, epochs=1, verbose=0)  # label[a]: ACC6
kernel_after = model.layers[0].kernel.numpy().copy()
frozen = bool(np.allclose(kernel_before, kernel_after))
print(frozen)
