# source: https://github.com/ZFTurbo/volumentations/issues/3
# framework: TF
# "AttributeError: 'Tensor' object has no attribute 'astype'": a volumentations augmentation
# called from a function mapped over a tf.data dataset; its transform does
# `img.astype(np.float32)`. The mapped function runs as a graph, so `img` is a symbolic Tensor,
# not a NumPy array. Reduced: the library's transform (`apply` returning `img.astype(np.float32)`)
# called the same way from the reporter's `get_augmentation` mapped over a dataset of volumes.
# verify: c.error is not None and c.eager_ok
import numpy as np
import tensorflow as tf


class Float:
    def apply(self, img, **params):
        return img.astype(np.float32)  # label: ACC3

    def __call__(self, **data):
        return {k: self.apply(v) for k, v in data.items()}


aug = Float()


def get_augmentation(image):
    data = {"image": image}
    aug_data = aug(**data)
    return aug_data["image"]


volumes = np.zeros((2, 4, 4, 4), "uint8")
get_augmentation(volumes[0])
eager_ok = True
error = None
try:
    ds = tf.data.Dataset.from_tensor_slices(volumes).map(get_augmentation)
except Exception as exc:
    error = type(exc).__name__
print(error)
