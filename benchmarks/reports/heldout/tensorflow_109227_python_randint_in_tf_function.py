# source: https://github.com/tensorflow/tensorflow/pull/109227
# framework: TF
# "[AutoGraph] Add warning when Python random module is used inside tf.function": the PR warns
# that a `random.randint(a, b)` call inside a tf.function runs once, while tracing, and its
# value is then a constant of the graph ("Replace random.randint(a, b) with
# tf.random.uniform([], a, b + 1, dtype=tf.int32)"). A rotation augmentation with a random
# number of quarter turns: traced, every call turns the image by the same amount; eagerly the
# amount changes.
# verify: len(set(c.turns)) == 1 and len(set(e.turns)) > 1
import random

import tensorflow as tf


@tf.function
def augment(image):
    k = random.randint(0, 3)  # label: ACC1
    return tf.image.rot90(image, k=k)


image = tf.reshape(tf.range(4.0), (2, 2, 1))
turns = []
for _ in range(12):
    out = augment(image)
    turns.append(tuple(out.numpy().ravel().tolist()))
print(len(set(turns)))
