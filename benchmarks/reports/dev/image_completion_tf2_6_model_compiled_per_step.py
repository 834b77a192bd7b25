# source: https://github.com/neka-nat/image_completion_tf2/issues/6
# framework: TF
# The user trains the completion network Tc steps, the discriminator Td steps, then both, and
# memory runs out in the third phase: "the n >= tc + td loop has been creating models
# continuously". That phase builds `all_model` from the two networks and compiles it on every
# step, so every `train_on_batch` traces and builds a new train function. The phase's lines
# are the user's as quoted (Keras 2's `Lambda.arguments` set the crop box; `d_container` is the
# frozen discriminator); the two networks, the crop layer, the data and the step bounds are
# stand-ins, with the third phase run `num_steps` times.
# verify: c.tf['one_step_on_data'] >= 10
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Input, Lambda
from tensorflow.keras.models import Model

org_img = Input(shape=(8, 8, 1))
mask = Input(shape=(8, 8, 1))
cmp_model = tf.keras.Sequential([tf.keras.Input((8, 8, 2)), tf.keras.layers.Conv2D(1, 3, padding="same")])
cmp_out = cmp_model(tf.keras.layers.Concatenate()([org_img, mask]))
crop_in = Input(shape=(8, 8, 1))
crop_feat = tf.keras.layers.GlobalAveragePooling2D()(crop_in)
d_out = tf.keras.layers.Dense(1, activation="sigmoid")(tf.keras.layers.Concatenate()([crop_feat, crop_feat]))
d_container = Model([crop_in, Input(shape=(8, 8, 1))], d_out)


def crop(img, x1, y1, x2, y2):
    return img


cropping = Lambda(crop, arguments={'x1': 0, 'y1': 0, 'x2': 8, 'y2': 8})
optimizer = tf.keras.optimizers.Adam()
alpha = 0.0004
batch_size = 2
inputs = np.random.rand(batch_size, 8, 8, 1).astype("float32")
masks = np.ones((batch_size, 8, 8, 1), "float32")
points = np.zeros((batch_size, 4), "int32")
valid = np.ones((batch_size, 1))

tc, td = 0, 0
num_steps = 10
for n in range(num_steps):
    if n >= tc + td:
        d_container.trainable = False
        cropping.arguments = {'x1': points[:, 0], 'y1': points[:, 1],
                              'x2': points[:, 2], 'y2': points[:, 3]}
        all_model = Model([org_img, mask],  # label[a]
                          [cmp_out, d_container([cmp_out, cropping(cmp_out)])])
        all_model.compile(loss=['mse', 'binary_crossentropy'],  # label[a]
                          loss_weights=[1.0, alpha], optimizer=optimizer)
        g_loss = all_model.train_on_batch([inputs, masks],  # label[a]: ACC5
                                          [inputs, valid])
