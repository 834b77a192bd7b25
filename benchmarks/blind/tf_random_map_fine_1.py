# source: blind55:tf_random_map_fine_1
# framework: TF
# label: none
# The same augmentation drawn with tf.random.uniform: an op in the graph, a new draw per element.
# verify: len({round(v, 5) for v in c.shifts}) > 1
import tensorflow as tf


def augment(image):
    delta = tf.random.uniform([], -0.3, 0.3)
    return image + delta


ds = tf.data.Dataset.from_tensor_slices(tf.zeros((6, 2, 2))).map(augment).batch(1)
shifts = [float(tf.reduce_mean(b)) for b in ds]
