# source: blind58:acc604_tf_module_threshold_5
# framework: TF
# A detector's tf.function `predict` calls a postprocessor object's method, which reads the
# Python float `self.threshold`; a calibration helper rewrites the postprocessor's threshold
# after the first batch. The traced predict keeps the first threshold.
# verify: not close(c.counts, e.counts)
import tensorflow as tf


class Postprocessor:
    def __init__(self):
        self.threshold = 0.5

    def keep(self, scores):
        return tf.reduce_sum(tf.cast(scores > self.threshold, tf.int32))  # label[a]: ACC604


class Detector:
    def __init__(self, post):
        self.post = post

    @tf.function
    def predict(self, scores):
        return self.post.keep(scores)


def calibrate(post, target):
    post.threshold = target  # label[a]


post = Postprocessor()
detector = Detector(post)
scores = tf.constant([0.2, 0.4, 0.6, 0.8])
counts = []
for target in (0.5, 0.3, 0.7, 0.1):
    calibrate(post, target)
    counts.append(int(detector.predict(scores)))
