# source: https://github.com/lshug/first-order-model-tf/issues/22
# framework: TF
# `animate` defines two tf.functions and is called once per video pair. `slice_driving` is
# called once per `animate` call: a new function, traced on every pass of the pairs loop.
# `next_batch` is a new function on every call too: it is reused for every batch of one video,
# but traced again for the next video (10 traces in 10 pairs, verified.tsv), the same property
# as `slice_driving` and as epitome_43's `predict_step` (labelled a storm in stop 41; earlier
# stops marked it fine although the run counts a trace per pass). The models are left out; each
# video has 12 frames of 2x2.
# verify: c.tf['slice_driving'] >= 8
# verify: c.tf['next_batch'] >= 8
import numpy as np
import tensorflow as tf


def animate(source_image, driving_video, batch_size=4, exact_batch=True):
    end = batch_size * (len(driving_video) // batch_size)

    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])  # label[a]
    def slice_driving(x):
        return x[0:end]

    @tf.function(input_signature=[tf.TensorSpec(shape=None, dtype=tf.float32)])  # label[b]
    def next_batch(x):
        return x[0:batch_size], x[batch_size:]

    driving_video = tf.convert_to_tensor(driving_video, tf.float32)
    if exact_batch:
        driving_video = slice_driving(driving_video)  # label[a]: ACC5
    predictions = []
    while driving_video.shape[0] > 0:
        batch, driving_video = next_batch(driving_video)  # label[b]: ACC5
        predictions.append(batch + source_image)
    return predictions


dataset = [(np.ones((2, 2)), np.ones((12, 2, 2))) for _ in range(10)]
for idx, pair in enumerate(dataset):
    source_image, frames = pair
    predictions = animate(source_image, frames, batch_size=1)  # label[a] label[b]
