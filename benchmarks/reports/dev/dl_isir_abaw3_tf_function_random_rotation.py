# source: https://github.com/gtallec/DL_ISIR_ABAW3
# framework: TF
# label: none
# DL_ISIR_ABAW3's data augmentation (src/datasets/bp4d/data_augmentation.py): small
# `@tf.function` helpers - `random_rotation(image, deg)` draws the angle with
# `tf.random.uniform([], minval=-deg_rad, maxval=deg_rad)`, `random_flip` and `random_crop`
# use `tf.image` random ops - composed into `augment` and mapped over the dataset. The random
# draws are TensorFlow ops, so every call draws anew; `deg` is a Python number but the same (10)
# on every call, so each helper traces once. (tensorflow_addons' `rotate` is replaced by a
# rotation of a coordinate pair with the drawn angle; the draw is the point.)
# verify: c.tf['random_rotation'] == 1 and c.distinct > 5
import numpy as np
import tensorflow as tf


@tf.function
def random_flip(image):
    image = tf.image.random_flip_left_right(image)
    return image


@tf.function
def random_rotation(image, deg):
    deg_rad = deg * np.pi / 180
    random_deg = tf.random.uniform([], minval=-deg_rad, maxval=deg_rad)
    rotation = tf.stack([[tf.cos(random_deg), -tf.sin(random_deg)], [tf.sin(random_deg), tf.cos(random_deg)]])
    return tf.reshape(tf.reshape(image, [-1, 2]) @ rotation, tf.shape(image))


@tf.function
def random_crop(image, pad):
    img_size = tf.shape(image)[0]
    image = tf.image.resize_with_crop_or_pad(image, img_size + pad, img_size + pad)
    image = tf.image.random_crop(image, size=[img_size, img_size, 2])
    return image


def data_augmentation():
    def augment(image, label):
        image = random_rotation(image, 10)
        image = random_flip(image)
        image = random_crop(image, 6)
        image = tf.clip_by_value(image, 0, 1)
        return image, label

    return augment


images = tf.random.uniform((12, 8, 8, 2))
dataset = tf.data.Dataset.from_tensor_slices((images, tf.zeros(12))).map(data_augmentation())
rotated = [float(tf.reduce_sum(random_rotation(images[0], 10))) for _ in range(8)]
distinct = len(set(round(r, 5) for r in rotated))
for image, label in dataset:
    pass
print(distinct)
