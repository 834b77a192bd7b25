# source: https://github.com/tensorflow/tensorflow/issues/38598
# framework: TF
# The user's loop: `model.predict` on an image of a new random size each time, with a fully
# convolutional model (`Input((None, None, 3))`); on TF 2.1 every call retraced the predict
# function and memory grew. On TF 2.21 / Keras 3 the predict function is traced twice over 20
# calls (it relaxes the shapes). Fine today. (10000 calls lowered to 20, image sides to
# 32..128, psutil logging removed.)
# label: none
# verify: sum(c.tf.values()) <= 3
import numpy as np
import tensorflow as tf

inputs = tf.keras.layers.Input((None, None, 3))
x = tf.keras.layers.Conv2D(filters=64, kernel_size=(3, 3), padding="same")(inputs)
model = tf.keras.models.Model(inputs=inputs, outputs=x)

for count in range(20):
    image_shape = [*np.random.randint(32, 128, (2,)).tolist(), 3]
    image = np.random.uniform(0, 256, image_shape)
    model.predict(image[np.newaxis], verbose=0)
