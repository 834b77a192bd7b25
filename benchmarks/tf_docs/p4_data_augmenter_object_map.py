# source: https://www.tensorflow.org/guide/data#applying_arbitrary_python_logic
# run: wrong (graph printed 2 lines, eager 2; first difference: '1 [1.0, 2.0]' vs '1 [3.0, 6.0]')
# framework: TF
# property: P4
# A helper maps a bound method of an augmenter object whose strength is changed between epochs.
import tensorflow as tf


class Augmenter:
    def __init__(self):
        self.strength = 1.0

    def apply(self, x):
        return x * self.strength  # label[g]: ACC6


def make_dataset(aug):
    return tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(aug.apply)


aug = Augmenter()
ds = make_dataset(aug)
for epoch in range(2):
    print(epoch, [float(v) for v in ds])
    aug.strength = 3.0  # label[g]
