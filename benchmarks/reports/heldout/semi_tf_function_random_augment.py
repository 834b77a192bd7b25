# source: https://github.com/an-seunghwan/semi
# framework: TF
# The `augment` helper of a semi-supervised learning repository (pi/utils.py): a tf.function
# applying `tf.image.random_flip_left_right`, reflect padding and a `tf.image.random_crop` per
# image via `tf.map_fn`. The random choices are TF ops inside the graph, drawn on every call.
# Run: the same batch augmented five times gives different crops. Fine.
# label: none
# verify: c.tf['augment'] == 1 and len(set(c.sums)) > 1
import tensorflow as tf


@tf.function
def augment(x, trans_range):
    x = tf.image.random_flip_left_right(x)
    x = tf.pad(x, paddings=[(0, 0), (trans_range, trans_range), (trans_range, trans_range), (0, 0)], mode="REFLECT")
    x = tf.map_fn(lambda batch: tf.image.random_crop(batch, size=(8, 8, 3)), x, parallel_iterations=2)
    return x


images = tf.reshape(tf.range(2 * 8 * 8 * 3, dtype=tf.float32), (2, 8, 8, 3))
sums = [float(tf.reduce_sum(augment(images, 2)[:, 0, 0, 0]).numpy()) for _ in range(5)]
print(sums)
