# source: https://github.com/vmberto/ni-experiments
# framework: TF
# label: none
# ni-experiments' dataset utilities (utils/dataset.py) follow TensorFlow's augmentation tutorial:
# `augment(image_label, seed)` splits the seed with `tf.random.split` and applies
# `tf.image.stateless_random_crop` and `stateless_random_brightness` with it; the seeds come
# from a `tf.random.Generator` per element, so every element and epoch gets its own crop and
# brightness while a run stays reproducible. Reduced to that augment over 4 images for 2 epochs:
# the augmented images differ across elements and epochs.
# verify: c.distinct == 8 and e.distinct == 8
import tensorflow as tf

IMG_SIZE = 8


def resize_and_rescale(image, label):
    image = tf.cast(image, tf.float32)
    image = tf.image.resize(image, [IMG_SIZE, IMG_SIZE])
    image = image / 255.0
    return image, label


def augment(image_label, seed):
    image, label = image_label
    image, label = resize_and_rescale(image, label)
    image = tf.image.resize_with_crop_or_pad(image, IMG_SIZE + 6, IMG_SIZE + 6)
    new_seed = tf.random.split(seed, num=1)[0, :]
    image = tf.image.stateless_random_crop(image, size=[IMG_SIZE, IMG_SIZE, 3], seed=seed)
    image = tf.image.stateless_random_brightness(image, max_delta=0.5, seed=new_seed)
    image = tf.clip_by_value(image, 0, 1)
    return image, label


rng = tf.random.Generator.from_seed(123, alg="philox")


def f(x, y):
    seed = rng.make_seeds(1)[:, 0]
    return augment((x, y), seed)


images = tf.random.uniform((4, 12, 12, 3), maxval=255)
train_ds = tf.data.Dataset.from_tensor_slices((images, tf.zeros(4))).map(f)
sums = [round(float(tf.reduce_sum(img)), 4) for epoch in range(2) for img, _ in train_ds]
distinct = len(set(sums))
print(sums)
