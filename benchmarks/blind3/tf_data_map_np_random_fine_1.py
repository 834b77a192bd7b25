# source: blind57:tf_data_map_np_random_fine_1
# framework: TF
# label: none
# The same jitter drawn with `tf.random.uniform`: a random op in the traced `.map` graph,
# so each element draws its own scale.
# verify: len({round(float(v), 5) for v in c.ratios}) > 12
import numpy as np
import tensorflow as tf

AUG = {"jitter": 0.3}


def make_jitter(cfg):
    def jitter(x):
        scale = 1.0 + tf.random.uniform([], -cfg["jitter"], cfg["jitter"])
        return x * scale

    return jitter


def build_pipeline(cfg):
    ds = tf.data.Dataset.from_tensor_slices(np.ones((12, 2), np.float32))
    return ds.map(make_jitter(cfg)).batch(4)


def collect(ds, epochs=2):
    return [float(v) for _ in range(epochs) for b in ds for v in b[:, 0].numpy()]


ratios = collect(build_pipeline(AUG))
