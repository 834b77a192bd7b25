# source: https://github.com/HasnainRaz/SemSegPipeline/pull/10
# framework: TF
# "creating parent map function + flexible augmentations": the data loader gains a parent map
# function that either composes every augmentation or "randomly selecting one augmentation
# function and apply it", picked with Python's `random.sample`; the maintainer is "unsure of
# how the random.sample python function will interact with the TF functions". The map function
# is traced once, so the pick happens once: every image of every epoch gets the same
# augmentation. With the map function run eagerly (tf.data debug mode, switched on in the eager
# twin) the pick changes per image. Augmentations reduced to distinct brightness offsets.
# verify: len(set(c.applied)) == 1 and len(set(e.applied)) > 1
import random

import tensorflow as tf

if tf.config.functions_run_eagerly():
    tf.data.experimental.enable_debug_mode()


class DataLoader:
    def _corrupt_brightness(self, image, mask):
        return image + 1.0, mask

    def _corrupt_contrast(self, image, mask):
        return image + 2.0, mask

    def _corrupt_saturation(self, image, mask):
        return image + 3.0, mask

    def _flip_left_right(self, image, mask):
        return image + 4.0, mask

    def _map_function(self, image, mask):
        augmentations = [self._corrupt_brightness, self._corrupt_contrast,
                         self._corrupt_saturation, self._flip_left_right]
        augment = random.sample(augmentations, 1)[0]  # label: ACC1
        return augment(image, mask)

    def data_batch(self, images, masks):
        data = tf.data.Dataset.from_tensor_slices((images, masks))
        return data.map(self._map_function)


loader = DataLoader()
dataset = loader.data_batch(tf.zeros((12, 2)), tf.zeros((12, 2)))
applied = [float(image[0]) for _ in range(2) for image, _ in dataset]
print(applied)
