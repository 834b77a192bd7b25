# source: blind56:tf_data_np_augment_1
# framework: TF
# An input pipeline maps a brightness-jitter helper over its images; the helper draws its
# factor with NumPy. `Dataset.map` traces the function once, so every element gets the same
# factor. (tf.data has no eager twin: the check counts distinct factors in one run.)
# verify: c.n_distinct == 1
import numpy as np
import tensorflow as tf

AUG = {"max_delta": 0.3}


def random_brightness(image, max_delta):
    delta = np.random.uniform(-max_delta, max_delta)  # label: ACC1
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
