# source: blind56:tf_data_tf_augment_fine_1
# framework: TF
# label: none
# The same pipeline, drawing the factor with tf.random.uniform: the random op is part of the
# traced map function, so each element gets its own factor.
# verify: c.n_distinct == 6
import numpy as np
import tensorflow as tf

AUG = {"max_delta": 0.3}


def random_brightness(image, max_delta):
    delta = tf.random.uniform([], -max_delta, max_delta)
    return image + delta


def preprocess(image):
    image = tf.cast(image, tf.float32) / 255.0
    return random_brightness(image, AUG["max_delta"])


def build_pipeline(images):
    ds = tf.data.Dataset.from_tensor_slices(images)
    return ds.map(preprocess).batch(1)


images = np.zeros((6, 2, 2), np.uint8)
values = [float(b.numpy().ravel()[0]) for b in build_pipeline(images)]
n_distinct = len(set(values))
