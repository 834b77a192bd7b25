# source: https://github.com/captain-pool/GSOC/pull/35
# framework: TF
# label: none
# ESRGAN's "Add augmentation" pull request maps the low-resolution pairs, batches, prefetches and
# caches the dataset, shuffles it, repeats it, and then maps the augmentation - asking whether
# the map runs again on every iteration. The augmentation is mapped after `.cache()` and uses
# `tf.image` random ops, which are graph ops that draw per element: each epoch's pass draws new
# flips and brightness. Reduced to that pipeline on 4 small images for 3 epochs: the epochs'
# augmented batches differ, and the map function traces once.
# verify: c.epochs_differ and e.epochs_differ
import tensorflow as tf


def low_res_map_fn(hr):
    lr = tf.image.resize(hr, [4, 4])
    return lr, hr


def augment_fn(lr, hr):
    lr = tf.image.random_flip_left_right(lr, seed=None)
    hr = tf.image.random_brightness(hr, 0.5)
    return lr, hr


images = tf.random.uniform((4, 8, 8, 3))
dataset = (
    tf.data.Dataset.from_tensor_slices(images)
    .map(low_res_map_fn, num_parallel_calls=tf.data.experimental.AUTOTUNE)
    .batch(2)
    .prefetch(2)
    .cache()
)
dataset = dataset.shuffle(4, reshuffle_each_iteration=True).repeat(3)
dataset = dataset.map(augment_fn, num_parallel_calls=tf.data.experimental.AUTOTUNE)
sums = [round(float(tf.reduce_sum(hr)), 4) for lr, hr in dataset]
epochs_differ = len(set(sums)) > 2
print(sums)
