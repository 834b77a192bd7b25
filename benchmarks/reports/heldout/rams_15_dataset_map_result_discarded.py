# source: https://github.com/EscVM/RAMS/issues/15
# framework: TF
# label: none
# "Data augmentation seemingly not doing anything": RAMS's training calls
# `train_ds.map(random_rotate, ...)` and `train_ds.map(random_flip, ...)` without assigning the
# result; `Dataset.map` returns a new dataset, so the augmentation never applies. A plain Python
# mistake with the same effect traced or not - the random ops themselves are TensorFlow ops that
# draw per element - so not a trace hazard. Reduced to the two calls on a small dataset: the
# elements come out unrotated in both runs; assigning the result would rotate them.
# verify: c.unchanged and e.unchanged and c.assigned_changes
import tensorflow as tf


def random_rotate(lr, hr):
    k = tf.random.uniform(shape=(), minval=1, maxval=4, dtype=tf.int32)
    return tf.image.rot90(lr, k), tf.image.rot90(hr, k)


def random_flip(lr, hr):
    return tf.image.flip_left_right(lr), tf.image.flip_left_right(hr)


images = tf.reshape(tf.range(2 * 4 * 4 * 1, dtype=tf.float32), (2, 4, 4, 1))
train_ds = tf.data.Dataset.from_tensor_slices((images, images * 2))
data_aug = True
if data_aug:
    train_ds.map(random_rotate, num_parallel_calls=tf.data.experimental.AUTOTUNE)
    train_ds.map(random_flip, num_parallel_calls=tf.data.experimental.AUTOTUNE)
unchanged = all(bool(tf.reduce_all(lr == images[i])) for i, (lr, hr) in enumerate(train_ds))
assigned = train_ds.map(random_flip)
assigned_changes = not all(bool(tf.reduce_all(lr == images[i])) for i, (lr, hr) in enumerate(assigned))
print(unchanged, assigned_changes)
