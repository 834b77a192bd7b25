# source: https://github.com/zaccharieramzi/understanding-unets/pull/41
# framework: TF
# "Data augmentation": `random_rotate_flip_image` draws `np.random.randint` rotation and flip
# coefficients ("in numpy"), and the pipeline maps `tf_random_rotate_flip_image`, which runs it
# through `tf.py_function`. A NumPy draw inside a function that tf.data traces would be evaluated
# once; inside `py_function` it runs in Python for every element, so the patches get different
# rotations. The PR's two functions (learning_wavelets/data/datasets.py) on one asymmetric patch.
# label: none
# verify: c.distinct_outputs > 1
import numpy as np
import tensorflow as tf


# data augmentation
def random_rotate_flip_image(image):
    # in numpy

    rot_coef = np.random.randint(4, size=1)[0]  # 0-3
    flip_coef = np.random.randint(2, size=1)[0]  # 0-1

    image = np.rot90(image, rot_coef).copy()

    if flip_coef == 1:
        image = np.fliplr(image).copy()

    return image


def tf_random_rotate_flip_image(image):
    # in tf
    im_shape = image.shape
    [image,] = tf.py_function(random_rotate_flip_image, [image], [tf.float32])
    image.set_shape(im_shape)
    return image


np.random.seed(0)
patch = np.arange(16, dtype=np.float32).reshape(4, 4, 1)
image_patch_ds = tf.data.Dataset.from_tensors(patch).repeat(12)
image_augm_ds = image_patch_ds.map(tf_random_rotate_flip_image)
outputs = [element.numpy() for element in image_augm_ds]
distinct_outputs = len({o.tobytes() for o in outputs})
print(distinct_outputs)
