# source: https://github.com/TrystAI/restorers/issues/59
# framework: TF
# "Random Flips with same seed instead of using `tf.cond`": the data pipeline flips the
# low-light and the enhanced image together with a `tf.cond` on one `tf.random.uniform` draw in
# the mapped function, so both images of a pair get the same flip and pairs differ from each
# other; the issue proposes seeded `tf.image.random_flip_*` instead (and the benchmark kept
# `tf.cond`). Reduced: the `tf.cond` pipeline over twelve pairs.
# label: none
# verify: c.pairs_consistent and c.n_flipped not in (0, 12)
import numpy as np
import tensorflow as tf


def random_horizontal_flip(low, enhanced):
    return tf.cond(
        tf.random.uniform(shape=[]) > 0.5,
        lambda: (tf.image.flip_left_right(low), tf.image.flip_left_right(enhanced)),
        lambda: (low, enhanced),
    )


tf.random.set_seed(0)
image = np.arange(16, dtype=np.float32).reshape(4, 4, 1)
dataset = tf.data.Dataset.from_tensors((image, image * 2)).repeat(12).map(random_horizontal_flip)
pairs = [(low.numpy(), enhanced.numpy()) for low, enhanced in dataset]
pairs_consistent = all(np.array_equal(low * 2, enhanced) for low, enhanced in pairs)
n_flipped = sum(not np.array_equal(low, image) for low, _ in pairs)
print(pairs_consistent, n_flipped)
