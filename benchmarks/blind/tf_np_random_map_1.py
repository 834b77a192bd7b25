# source: blind55:tf_np_random_map_1
# framework: TF
# Brightness augmentation in a tf.data pipeline drawn with np.random: the map function is traced
# once, so every image gets the same "random" brightness shift.
# (Checked within one run: tf.data traces map functions even under run_functions_eagerly, so the
# eager reference is the function applied to each image directly.)
# verify: len({round(v, 5) for v in c.shifts}) == 1 and len({round(v, 5) for v in c.direct_shifts}) > 1
import numpy as np
import tensorflow as tf


def augment(image):
    delta = np.random.uniform(-0.3, 0.3)  # label: ACC1
    return image + delta


images = tf.data.Dataset.from_tensor_slices(tf.zeros((6, 2, 2)))
ds = images.map(augment).batch(1)
shifts = [float(tf.reduce_mean(b)) for b in ds]
direct_shifts = [float(tf.reduce_mean(augment(img))) for img in tf.zeros((6, 2, 2))]
